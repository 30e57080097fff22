// Command kubelet is Kubernetes' node agent from the same module as the API server (../main.go),
// for the single-node cluster of packages/devstack/src/cluster: it runs the Pods the scheduler binds
// to the node through containerd's CRI socket.
package main

import (
	"context"
	"os"

	"k8s.io/component-base/cli"
	_ "k8s.io/component-base/logs/json/register"
	_ "k8s.io/component-base/metrics/prometheus/clientgo"
	_ "k8s.io/component-base/metrics/prometheus/version"
	"k8s.io/kubernetes/cmd/kubelet/app"
)

func main() {
	os.Exit(cli.Run(app.NewKubeletCommand(context.Background())))
}
