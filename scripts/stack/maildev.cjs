// Runs MailDev's CLI. maildev 2.2.0 (the newest 2.x; 3.0.0 does not install from the registry)
// reads an undeclared variable `host` in lib/mailserver.js once its SMTP server listens, and the
// ReferenceError kills the process. Declaring the global is enough for it to work as documented.
globalThis.host = undefined;
require("maildev/bin/maildev");
