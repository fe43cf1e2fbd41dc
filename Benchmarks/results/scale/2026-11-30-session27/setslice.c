// setslice NS TID...: sets each thread's EEVDF slice (sched_runtime, SCHED_OTHER), keeping its nice value.
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <string.h>
#include <errno.h>
struct sched_attr { uint32_t size, sched_policy; uint64_t sched_flags; int32_t sched_nice; uint32_t sched_priority; uint64_t sched_runtime, sched_deadline, sched_period; uint32_t util_min, util_max; };
int main(int argc,char**argv){
  unsigned long ns=strtoul(argv[1],0,10); int bad=0;
  for(int i=2;i<argc;i++){ int tid=atoi(argv[i]); struct sched_attr a; memset(&a,0,sizeof a);
    if(syscall(SYS_sched_getattr,tid,&a,sizeof a,0)){bad++;continue;}
    if(a.sched_policy!=0) continue;
    a.size=sizeof a; a.sched_runtime=ns; a.sched_flags=0;
    if(syscall(SYS_sched_setattr,tid,&a,0)) bad++; }
  return bad?1:0;}
