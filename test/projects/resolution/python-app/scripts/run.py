from helper import main

main()
