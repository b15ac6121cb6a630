"""Games shipped with the engine beside Black Angel, each a folder of rules written only in
the language (`module rules_only`) and registered under the `blackangel.games` entry points."""
