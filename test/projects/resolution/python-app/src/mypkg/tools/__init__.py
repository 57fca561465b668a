from .search import search
