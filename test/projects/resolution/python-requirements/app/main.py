print("requirements")
