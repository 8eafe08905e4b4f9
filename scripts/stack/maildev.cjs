// Runs MailDev's CLI. maildev 2.2.0 (the newest 2.x; 3.0.0 does not install from the registry)
// reads an undeclared variable `host` in lib/mailserver.js once its SMTP server listens, and the
// ReferenceError kills the process. Declaring the global is enough for it to work as documented.
globalThis.host = undefined;

// maildev 2.2.0 also dies when "delete all" (DELETE /email/all, used between tests) removes a
// message it is still saving: an unhandled ENOENT on the deleted .eml file. The message is gone on
// purpose, so that one error is logged and the inbox keeps running; anything else still ends it.
function survivable(error) {
  return Boolean(error) && error.code === "ENOENT" && /\.eml'?$/.test(String(error.path ?? error.message));
}
function onFailure(error) {
  if (survivable(error)) {
    console.warn(`[maildev] ignorato: ${error.message}`);
    return;
  }
  console.error(error);
  process.exit(1);
}
process.on("uncaughtException", onFailure);
process.on("unhandledRejection", onFailure);

require("maildev/bin/maildev");
