"""stub"""

TABLES = ()
