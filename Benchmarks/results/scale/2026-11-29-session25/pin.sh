#!/usr/bin/env bash
# /tmp/s25/pin.sh BINNAME: every second, the server's read threads on CPU 1; its write queue,
# maintenance threads and the writer client on CPU 0 (an experiment: cores apart for reads and writes)
while true; do
  pid=$(pgrep -f "$1 serve" | head -1)
  if [ -n "$pid" ]; then
    ps -L -o tid=,comm= -p $pid | while read tid comm; do
      case "$comm" in
        read-*) taskset -p -c 1 $tid >/dev/null 2>&1 ;;
        *overcommit*|maintenance|compact|release) taskset -p -c 0 $tid >/dev/null 2>&1 ;;
      esac
    done
  fi
  for w in $(pgrep -f "live_driver.py writer"); do taskset -a -p -c 0 $w >/dev/null 2>&1; done
  sleep 1
done
