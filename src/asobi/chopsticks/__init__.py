"""数字を増やす遊び (chopsticks): rules, retrograde solver, article audit."""
