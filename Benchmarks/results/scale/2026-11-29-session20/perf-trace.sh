#!/bin/bash
# tracewrap.sh BINNAME OUT: system-wide perf trace of slow syscalls and major faults while the tiered server runs
BIN=$1; OUT=$2
while true; do
  PID=$(pgrep -f "$BIN serve .*--merge-after" | head -1)
  [ -n "$PID" ] && break
  sleep 0.5
done
date +%s.%N > $OUT.start
perf trace -a --duration 15 -F maj -e 'fdatasync,fsync,write,pwrite64,read,pread64,munmap,madvise,ftruncate,rename,close,unlink,openat,mmap,brk,flock,mprotect' -o $OUT 2>>$OUT.err &
TP=$!
echo "pid $PID" > $OUT.meta
while kill -0 $PID 2>/dev/null; do sleep 1; done
kill -INT $TP
