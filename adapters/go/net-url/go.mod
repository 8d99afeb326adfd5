module uri-conformance/adapters/go/net-url

go 1.19
