// Command kube-apiserver is Kubernetes' API server, built from its Go module for the chart's
// tests (test/kube): the same main as k8s.io/kubernetes/cmd/kube-apiserver. Kubernetes does not
// publish its commands as installable modules (k8s.io/kubernetes has ./staging replaces), so this
// wrapper requires it and maps each staging module to its published version in go.mod.
package main

import (
	"os"
	_ "time/tzdata" // CronJob time zones

	"k8s.io/component-base/cli"
	_ "k8s.io/component-base/logs/json/register"
	_ "k8s.io/component-base/metrics/prometheus/clientgo"
	_ "k8s.io/component-base/metrics/prometheus/version"
	"k8s.io/kubernetes/cmd/kube-apiserver/app"
)

func main() {
	os.Exit(cli.Run(app.NewAPIServerCommand()))
}
