"""jirakg for AI agents and IDEs: a Model Context Protocol server (the official `mcp` SDK) over the same
engine and access checks as every other surface — over stdio (`jirakg mcp`) and streamable HTTP (/mcp
in `jirakg serve`)."""
