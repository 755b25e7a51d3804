"""Land and naval battles (rulebook §3.4): rounds, combat arithmetic, dice records and the winner's spoils."""
