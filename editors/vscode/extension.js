// Starts `rulelang lsp` for .rules files; everything else comes from the server.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace
    .getConfiguration("rulelang")
    .get("command", ["rulelang", "lsp"]);
  client = new LanguageClient(
    "rulelang",
    "rulelang",
    { command, args },
    // a new document not saved yet (untitled:) is checked too; it imports only std/...
    { documentSelector: [{ scheme: "file", language: "rulelang" },
                         { scheme: "untitled", language: "rulelang" }] }
  );
  client.start();
  context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
