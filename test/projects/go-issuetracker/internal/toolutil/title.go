package toolutil

import "strings"

// TitleFromName turns a tool name into a title: list_issues -> List issues.
func TitleFromName(name string) string {
	words := strings.Split(name, "_")
	if len(words) > 0 && words[0] != "" {
		words[0] = strings.ToUpper(words[0][:1]) + words[0][1:]
	}
	return strings.Join(words, " ")
}
