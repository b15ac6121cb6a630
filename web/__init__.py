"""`ba serve`: any registered game in the browser.

One module per concept: `storage` (games in SQLite as their seed, seats and choices),
`session` (a game rebuilt by replaying its choices, what each seat may see), `bots` (the
bots of every game, played in the background), `table` (the game's own drawing of its
table, or a generic one from its tracks), `svg` (the SVG pieces the rules reference
shares), `page` (the HTML of the start page and the table page; the script and the
style sheet are in `static/`) and `app` (the Starlette routes and the JSON API). Only
`app` needs the `web` extra (Starlette; uvicorn serves it).
"""
