#!/bin/bash
# Container health check of a Shopstream service, with no curl or wget in the image: an HTTP/1.0 GET over bash's
# /dev/tcp to the actuator on the management port (MANAGEMENT_SERVER_PORT, else SERVER_PORT, else 8080).
# Usage: shopstream-healthcheck [path]   (default /actuator/health/liveness). Exit 0 on HTTP 200, 1 otherwise.
set -u
path="${1:-/actuator/health/liveness}"
port="${MANAGEMENT_SERVER_PORT:-${SERVER_PORT:-8080}}"
exec 3<>"/dev/tcp/127.0.0.1/${port}" || exit 1
printf 'GET %s HTTP/1.0\r\nHost: localhost\r\nConnection: close\r\n\r\n' "${path}" >&3
IFS= read -r -t 5 status <&3 || { echo "no answer on port ${port}"; exit 1; }
exec 3<&-
case "${status}" in
  "HTTP/1."?" 200"*) exit 0 ;;
  *) echo "${path} on port ${port}: ${status%$'\r'}"; exit 1 ;;
esac
