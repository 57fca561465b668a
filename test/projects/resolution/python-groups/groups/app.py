APP = "groups"
