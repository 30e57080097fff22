// Command kube-controller-manager is Kubernetes' controller manager from the same module as the
// API server (../main.go): with it, a Deployment gets its ReplicaSet and the ReplicaSet its Pods.
package main

import (
	"os"
	_ "time/tzdata" // CronJob time zones

	"k8s.io/component-base/cli"
	_ "k8s.io/component-base/logs/json/register"
	_ "k8s.io/component-base/metrics/prometheus/clientgo"
	_ "k8s.io/component-base/metrics/prometheus/version"
	"k8s.io/kubernetes/cmd/kube-controller-manager/app"
)

func main() {
	os.Exit(cli.Run(app.NewControllerManagerCommand()))
}
