module example.com/issuetracker

go 1.26

require github.com/modelcontextprotocol/go-sdk v1.7.0
