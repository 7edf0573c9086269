// Atlassian's own manifest validator (@forge/manifest, what `forge lint` and `forge deploy` run) on
// the manifest named on the command line; run it from the app's folder, since resource paths are
// checked relative to it. Prints the errors and exits 1 when the manifest is not valid.
const { validate } = require("@forge/manifest");

validate(false, process.argv[2] || "manifest.yml").then((result) => {
  for (const error of result.errors || []) {
    console.log(`${error.line}:${error.column} ${error.level}: ${error.message} (${error.reference})`);
  }
  process.exit(result.success ? 0 : 1);
}, (error) => {
  console.log(`The validator failed: ${error.message}`);
  process.exit(2);
});
