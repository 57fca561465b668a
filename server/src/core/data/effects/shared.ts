/**
 * What the effect rules (MTL311–313) know that holds in every language: SQL statement verbs,
 * mutating command lines, SDK method verbs and their exceptions, the hosts that are never
 * external, the words of an endpoint that mutates, the names of telemetry helpers and the shapes
 * of the guards that lift caller-supplied SQL. The per-language tables (python.ts, script.ts)
 * say which calls do what; the rules' docs are generated from both.
 */
import { DELETING_VERBS, MUTATING_VERBS } from '../verbs';

/** SQL statement verbs that write rows or schema (an executed literal starting with one, or holding one after WITH). */
export const SQL_WRITE_VERBS: readonly string[] = ['INSERT', 'UPDATE', 'MERGE', 'CREATE', 'ALTER', 'REPLACE', 'UPSERT', 'GRANT', 'COPY'];

/** SQL statement verbs that delete or overwrite rows or schema. */
export const SQL_DELETE_VERBS: readonly string[] = ['DELETE', 'DROP', 'TRUNCATE', 'UPDATE', 'REVOKE'];

/**
 * Command lines that change something, matched on literal arguments: the program, then each word
 * in turn (the first word after the program within its first three arguments, options skipped).
 * `delete` marks those that delete or overwrite.
 */
export const MUTATING_COMMANDS: ReadonlyArray<{ command: string; delete?: boolean }> = [
  { command: 'git push' }, { command: 'git commit' }, { command: 'git reset', delete: true }, { command: 'git checkout' },
  { command: 'git switch' }, { command: 'git merge' }, { command: 'git rebase' }, { command: 'git cherry-pick' },
  { command: 'git revert' }, { command: 'git tag' }, { command: 'git clean', delete: true }, { command: 'git rm', delete: true },
  { command: 'git mv' }, { command: 'git add' }, { command: 'git stash' }, { command: 'git pull' }, { command: 'git apply' },
  { command: 'git am' }, { command: 'git init' }, { command: 'git clone' }, { command: 'git restore', delete: true },
  { command: 'git branch -d', delete: true }, { command: 'git branch -D', delete: true }, { command: 'git remote add' },
  { command: 'git remote remove', delete: true },
  { command: 'kubectl apply' }, { command: 'kubectl create' }, { command: 'kubectl delete', delete: true }, { command: 'kubectl patch' },
  { command: 'kubectl replace', delete: true }, { command: 'kubectl edit' }, { command: 'kubectl scale' }, { command: 'kubectl label' },
  { command: 'kubectl annotate' }, { command: 'kubectl set' }, { command: 'kubectl rollout restart' }, { command: 'kubectl rollout undo' },
  { command: 'kubectl drain' }, { command: 'kubectl cordon' }, { command: 'kubectl uncordon' }, { command: 'kubectl taint' },
  { command: 'kubectl expose' }, { command: 'kubectl run' }, { command: 'kubectl exec' }, { command: 'kubectl cp' },
  { command: 'kubectl config use-context' }, { command: 'kubectl config set-context' }, { command: 'kubectl config set' },
  { command: 'kubectl config delete-context', delete: true },
  { command: 'docker run' }, { command: 'docker rm', delete: true }, { command: 'docker rmi', delete: true }, { command: 'docker stop' },
  { command: 'docker kill' }, { command: 'docker start' }, { command: 'docker restart' }, { command: 'docker build' },
  { command: 'docker push' }, { command: 'docker tag' }, { command: 'docker exec' }, { command: 'docker compose up' },
  { command: 'docker compose down', delete: true }, { command: 'docker volume rm', delete: true }, { command: 'docker system prune', delete: true },
  { command: 'docker image prune', delete: true }, { command: 'docker container prune', delete: true },
  { command: 'helm install' }, { command: 'helm upgrade' }, { command: 'helm uninstall', delete: true }, { command: 'helm rollback' },
  { command: 'terraform apply' }, { command: 'terraform destroy', delete: true }, { command: 'terraform import' },
  { command: 'terraform state rm', delete: true }, { command: 'terraform taint' },
  { command: 'aws s3 rm', delete: true }, { command: 'aws s3 cp' }, { command: 'aws s3 mv' }, { command: 'aws s3 sync' },
  { command: 'aws s3 rb', delete: true }, { command: 'aws s3 mb' },
  { command: 'npm install' }, { command: 'npm uninstall' }, { command: 'npm publish' }, { command: 'pnpm add' }, { command: 'yarn add' },
  { command: 'pip install' }, { command: 'pip uninstall', delete: true }, { command: 'brew install' }, { command: 'brew uninstall', delete: true },
  { command: 'gh pr create' }, { command: 'gh pr merge' }, { command: 'gh pr close' }, { command: 'gh issue create' }, { command: 'gh issue close' },
  { command: 'gh repo delete', delete: true }, { command: 'gh release create' }, { command: 'gh release delete', delete: true },
  { command: 'systemctl start' }, { command: 'systemctl stop' }, { command: 'systemctl restart' }, { command: 'systemctl enable' }, { command: 'systemctl disable' },
  { command: 'rm', delete: true }, { command: 'rmdir', delete: true }, { command: 'shred', delete: true }, { command: 'truncate', delete: true },
  { command: 'dd', delete: true }, { command: 'mv' }, { command: 'cp' }, { command: 'mkdir' }, { command: 'touch' }, { command: 'chmod' },
  { command: 'chown' }, { command: 'ln' }, { command: 'kill' }, { command: 'pkill' }, { command: 'killall' }, { command: 'shutdown' },
  { command: 'reboot' }, { command: 'crontab' }, { command: 'tee' },
];

/** Shells whose command-line argument (`sh -c line`, `cmd /c line`) is the command a process runs. */
export const SHELL_PROGRAMS: readonly string[] = ['sh', 'bash', 'zsh', 'dash', '/bin/sh', '/bin/bash', 'cmd', 'cmd.exe', 'powershell', 'powershell.exe', 'pwsh'];

/** Cloud command lines whose operations are named by an SDK verb (`aws ec2 terminate-instances`, `gcloud compute instances delete`). */
export const VERB_COMMANDS: readonly string[] = ['aws', 'gcloud', 'az', 'doctl', 'flyctl', 'heroku', 'vercel', 'netlify'];

/** SDK and generated-client method verbs that delete or overwrite (`delete_object`, `TerminateInstances`, `ResetPassword`). */
export const SDK_DELETE_VERBS: readonly string[] = [
  ...DELETING_VERBS, 'deregister', 'disassociate', 'detach', 'empty', 'reset', 'rotate', 'overwrite', 'replace',
];

/** SDK and generated-client method verbs that write (`create_bucket`, `put_item`, `update_issue`, `send_email`). */
export const SDK_WRITE_VERBS: readonly string[] = [
  ...MUTATING_VERBS.filter((verb) => !['check', 'mark', 'star', 'label', 'link', 'order', 'book', 'comment', 'reply', 'forward'].includes(verb)),
  'associate', 'modify', 'run', 'reboot', 'authorize', 'untag', 'copy', 'batch',
];

/**
 * SDK methods whose verb would count but that change nothing: searches, queries, signed URLs, and
 * a client's own connection (`close`, `Close()`). Matched on the name's words (`create_search`,
 * `StartQuery`, `startQueryExecution`); a one-word entry only on the whole name (`close`, not `close_issue`).
 */
export const SDK_VERB_EXCEPTIONS: readonly string[] = [
  'close', 'aclose', 'open', 'connect', 'disconnect', 'dispose', 'shutdown', 'flush', 'reset', 'start', 'stop', 'login', 'logout',
  'create search', 'create search job', 'start query', 'start query execution', 'start search', 'create presigned url', 'create presigned post',
  'generate presigned url', 'create signed url', 'run query', 'run report', 'batch get', 'batch get item', 'batch read', 'batch check',
];

/** SDK packages whose calls are model inferences: their `create` makes nothing that stays (they are still external calls). */
export const INFERENCE_SDKS: readonly string[] = [
  'openai', 'anthropic', 'cohere', 'mistralai', '@mistralai/mistralai', 'groq', 'groq-sdk', 'together', 'together-ai', 'google.generativeai',
  'google.genai', '@google/generative-ai', '@google/genai', 'litellm', 'ollama', '@anthropic-ai/sdk', 'replicate',
];

/** Hosts that are never external: the machine itself, private networks, cluster-internal names. */
export const LOCAL_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '0.0.0.0', '::1', '[::1]', 'host.docker.internal'];
/** Suffixes of host names that are never external. */
export const LOCAL_HOST_SUFFIXES: readonly string[] = ['.localhost', '.local', '.internal', '.lan', '.home.arpa', '.svc', '.svc.cluster.local', '.cluster.local'];
/** IPv4 prefixes of private and link-local networks (172.16.0.0/12 is checked by number). */
export const PRIVATE_IPV4_PREFIXES: readonly string[] = ['10.', '192.168.', '169.254.', '127.'];

/**
 * Words of a POSTed path that make it read (`/search`, `/v1/query`, `/validate`): a POST to such an
 * endpoint is never a write, whatever else the path says.
 */
export const READING_ENDPOINT_WORDS: readonly string[] = [
  'search', 'query', 'queries', 'find', 'lookup', 'validate', 'validation', 'preview', 'estimate', 'list', 'get', 'count', 'explain',
  'completions', 'completion', 'embeddings', 'embedding', 'graphql', 'token', 'oauth', 'auth', 'login', 'check', 'analyze', 'analyse',
  'render', 'convert', 'translate', 'classify', 'predict', 'infer', 'inference', 'chat', 'generate', 'summarize', 'moderations', 'rerank',
];

/** Words of a POSTed path that make it a write (`/issues/1/comments`, `/messages/send`): the mutating verbs and these nouns. */
export const MUTATING_ENDPOINT_WORDS: readonly string[] = [
  ...MUTATING_VERBS.filter((verb) => !['check', 'order'].includes(verb)), 'comments', 'transitions', 'messages', 'uploads', 'imports',
];

/**
 * Words that make a helper a telemetry, metering or logging one (`log_usage`, `_record_metrics`,
 * `trackEvent`, `send_telemetry`): calls to it are never followed, what it writes never counts.
 */
export const TELEMETRY_WORDS: readonly string[] = ['log', 'logs', 'logging', 'logger', 'telemetry', 'metric', 'metrics', 'usage', 'analytics', 'audit', 'trace', 'tracing', 'span', 'track', 'meter', 'metering', 'instrument'];

/** Words of a guard's function name that make `if not guard(sql): raise` lift caller-supplied SQL (`is_read_only_query`, `detect_mutating_keywords`). */
export const SQL_GUARD_WORDS: readonly string[] = ['readonly', 'read', 'select', 'mutating', 'mutation', 'write', 'writes', 'safe', 'allowed', 'validate', 'allowlist', 'whitelist', 'forbidden', 'dangerous', 'destructive', 'sanitize'];

/** Texts that put a connection or transaction in read-only mode: SQL after them, or on that connection, is lifted. */
export const READ_ONLY_SQL_MARKERS: readonly string[] = ['READ ONLY', 'query_only', 'mode=ro', 'readonly', 'read_only', 'ApplicationIntent=ReadOnly', 'default_transaction_read_only'];

/** Literal prefixes of a SELECT-only check (`sql.strip().upper().startswith("SELECT")`). */
export const SELECT_ONLY_PREFIXES: readonly string[] = ['select', 'with', 'show', 'explain', 'describe', 'pragma'];

/** Folder names and header words that mark a generated API client committed in the repository. */
export const GENERATED_CLIENT_FOLDERS: readonly string[] = ['generated', '_generated', 'gen', 'openapi_client', 'openapi', 'codegen', 'autogen', 'api_client', 'sdk'];
export const GENERATED_HEADER_WORDS: readonly string[] = ['generated by', 'auto-generated', 'autogenerated', 'do not edit', 'code generated'];
