// better-sqlite3 12, resolved from this package's own dependencies (the project's is 13).
module.exports = require('better-sqlite3');
