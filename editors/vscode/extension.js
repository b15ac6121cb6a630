// The VS Code client of `ba lsp`: starts the language server for .ba files with the
// settings of the "blackAngel" section and restarts it when they change.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function initializationOptions(config) {
  const options = {};
  const language = config.get("language");
  if (language) {
    options.language = language;  // else the server takes the editor's locale
  }
  const base = config.get("base");
  if (typeof base === "boolean") {
    options.base = base;
  }
  return options;
}

async function start() {
  const config = vscode.workspace.getConfiguration("blackAngel");
  const command = config.get("server.command") || "ba";
  const args = config.get("server.args") || ["lsp"];
  client = new LanguageClient(
    "blackAngel",
    "Black Angel rules",
    { command, args, transport: TransportKind.stdio },
    {
      documentSelector: [{ scheme: "file", language: "ba" }],
      initializationOptions: initializationOptions(config),
    }
  );
  try {
    await client.start();
  } catch (error) {
    client = undefined;
    vscode.window.showErrorMessage(
      `Could not start "${command} ${args.join(" ")}": ${error.message}. ` +
        "Install it with pip install 'black-angel-rules[lsp]', or set blackAngel.server.command."
    );
  }
}

async function restart() {
  if (client) {
    await client.stop();
  }
  await start();
}

async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand("blackAngel.restartServer", restart),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("blackAngel")) {
        restart();
      }
    })
  );
  await start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
