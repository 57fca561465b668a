module example.com/notes

go 1.26

require (
	github.com/aws/aws-sdk-go-v2/service/s3 v1.80.0
	github.com/mark3labs/mcp-go v0.32.0
	github.com/modelcontextprotocol/go-sdk v1.7.0
	k8s.io/client-go v0.33.0
	modernc.org/sqlite v1.38.0
)
