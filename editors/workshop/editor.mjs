// The editor of ba serve's mod workshop: CodeMirror 6 with a stream mode for .ba files
// and the lint extension. Bundled by build.mjs into web/static/workshop-editor.js, which
// sets window.BAEditor; web/static/workshop.js (not bundled) uses it.
import { EditorState } from "@codemirror/state";
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import {
  StreamLanguage, HighlightStyle, syntaxHighlighting, bracketMatching, indentOnInput,
} from "@codemirror/language";
import { tags } from "@lezer/highlight";
import { searchKeymap, highlightSelectionMatches } from "@codemirror/search";
import { linter, lintGutter } from "@codemirror/lint";

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

// words: {keywords: [...], primitives: [...], connectors: [...]} from the game's vocabulary
// (the server writes them into the page). A line starts with its keyword (a declaration
// kind or a field), then values; after ':' comes an effect, whose words are primitives
// where the vocabulary has them, connectors, or arguments (ids).
function baLanguage(words) {
  const keywords = new Set(words.keywords || []);
  const primitives = new Set(words.primitives || []);
  const connectors = new Set(words.connectors || []);
  return StreamLanguage.define({
    name: "ba",
    startState: () => ({ atItem: true, inEffect: false }),
    token(stream, state) {
      if (stream.sol()) { state.atItem = true; state.inEffect = false; }
      if (stream.eatSpace()) return null;
      if (stream.match(/^#.*/)) return "comment";
      if (stream.match(/^"[^"\n]*"?/)) return "string";
      if (stream.match(/^-?[0-9]+(\.\.-?[0-9]+)?/)) return "number";
      if (stream.match(/^[{};]/)) { state.atItem = true; state.inEffect = false; return "brace"; }
      if (stream.match(/^->/)) return "operator";
      if (stream.match(":")) { state.inEffect = true; return "punctuation"; }
      if (stream.match(/^@[A-Za-z_][A-Za-z0-9_]*/)) return "meta";
      const word = stream.match(NAME);
      if (word) {
        const w = word[0];
        if (state.atItem) { state.atItem = false; return keywords.has(w) ? "keyword" : "typeName"; }
        if (connectors.has(w)) return "operatorKeyword";
        if (state.inEffect && primitives.has(w)) return "variableName.function";
        return "variableName";
      }
      stream.next();
      return null;
    },
    languageData: { commentTokens: { line: "#" } },
  });
}

// The colours of a .ba file: keywords, primitives, connectors, values (ids), numbers,
// strings, comments and annotations each their own.
const colours = HighlightStyle.define([
  { tag: tags.keyword, color: "#708" },
  { tag: tags.typeName, color: "#085" },
  { tag: tags.function(tags.variableName), color: "#05a", fontWeight: "bold" },
  { tag: tags.operatorKeyword, color: "#a50" },
  { tag: tags.operator, color: "#a50" },
  { tag: tags.number, color: "#164" },
  { tag: tags.string, color: "#a11" },
  { tag: tags.comment, color: "#6a6a6a", fontStyle: "italic" },
  { tag: tags.meta, color: "#555" },
]);

// Sizes and fonts of the editor (CodeMirror's own styles hold the rest).
const theme = EditorView.theme({
  "&": { maxHeight: "70vh", minHeight: "12rem", backgroundColor: "#fff" },
  ".cm-scroller": { fontFamily: "ui-monospace, monospace", fontSize: "14px", lineHeight: "1.45" },
});

// Make an editor in `host`, inside its shadow root: CodeMirror adds its styles at run
// time, which the page's Content-Security-Policy (no inline style) refuses in the
// document, but a shadow root takes them as constructed style sheets. onChange(text) is
// called after every change; check(text) returns a Promise of CodeMirror diagnostics
// ({from, to, severity, message}) for the lint extension, which waits `delay` ms after
// the last keystroke before asking.
function create(host, { doc, words, onChange, check, delay }) {
  const root = host.shadowRoot || host.attachShadow({ mode: "open" });
  root.replaceChildren();
  const extensions = [
    theme,
    lineNumbers(), highlightActiveLineGutter(), history(), drawSelection(), indentOnInput(),
    bracketMatching(), highlightActiveLine(), highlightSelectionMatches(),
    syntaxHighlighting(colours),
    keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, indentWithTab]),
    baLanguage(words || {}),
    lintGutter(),
    EditorView.lineWrapping,
    EditorView.updateListener.of((update) => {
      if (update.docChanged && onChange) onChange(update.state.doc.toString());
    }),
  ];
  if (check) extensions.push(linter((view) => check(view.state.doc.toString()), { delay: delay || 400 }));
  const view = new EditorView({ state: EditorState.create({ doc, extensions }), parent: root, root });
  return view;
}

// The offset of a line and column (both from 1), clamped to the document.
function offset(view, line, column) {
  const doc = view.state.doc;
  const l = doc.line(Math.min(Math.max(line, 1), doc.lines));
  return Math.min(l.from + Math.max(column - 1, 0), l.to);
}

window.BAEditor = { create, offset };
