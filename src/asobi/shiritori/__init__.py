"""ようかいしりとり (yokai shiritori): word chain over yokai names, solved for every start word."""
