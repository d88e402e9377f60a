module github.com/pulumi-clickhouse-cloud/pulumi-clickhouse-cloud/sdk/go

go 1.25

require (
	github.com/blang/semver v3.5.1+incompatible
	github.com/pulumi/pulumi/sdk/v3 v3.248.0
)
