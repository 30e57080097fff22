// Command pause is the local cluster's sandbox (pod infrastructure) container: it holds the pod's
// namespaces open until it is told to stop, and reaps the orphans of a pod that shares its PID
// namespace. A static binary in a `FROM scratch` image (deploy/images/pause.sh), so that containerd
// never pulls registry.k8s.io/pause.
package main

import (
	"os"
	"os/signal"
	"syscall"
)

func main() {
	signals := make(chan os.Signal, 8)
	signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM, syscall.SIGCHLD)
	for s := range signals {
		if s != syscall.SIGCHLD {
			os.Exit(0)
		}
		for {
			pid, err := syscall.Wait4(-1, nil, syscall.WNOHANG, nil)
			if pid <= 0 || err != nil {
				break
			}
		}
	}
}
