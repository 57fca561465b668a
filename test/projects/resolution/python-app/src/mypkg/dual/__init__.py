WINS = True
