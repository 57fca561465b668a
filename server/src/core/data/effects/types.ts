/**
 * The shapes of the per-language effect tables (python.ts, script.ts; Go and C# come with the
 * same shapes). A call is named by its path after import aliases (`os.remove`, `fs.writeFile`); a
 * trailing `*` makes a row match every path below it (`google.cloud.*`).
 */

/** What a value of a library is, as far as effects go: the receiver types the tables know. */
export type LibraryType =
  /** A filesystem path (`pathlib.Path`). */
  | 'path'
  /** A connection, cursor, engine or pool that executes SQL text. */
  | 'sql'
  /** An ORM session (`Session`, `AsyncSession`). */
  | 'orm'
  /** What makes ORM sessions (`sessionmaker(...)`): calling it gives one. */
  | 'orm-factory'
  /** An HTTP client (`httpx.Client`, `requests.Session`, an axios instance). */
  | 'http'
  /** A mail transport (`smtplib.SMTP`, nodemailer's transport). */
  | 'mail'
  /** A document or key-value store client, any database or collection reached from it (MongoDB, Redis, Elasticsearch, vector stores). */
  | 'store'
  /** A vendor SDK client (`boto3.client("s3")`, `new Octokit()`): its methods are read by their verb, and every call is external. */
  | 'sdk'
  /** Prisma's client: `prisma.<model>.<operation>`. */
  | 'prisma'
  /** A query builder (knex, drizzle, Supabase, TypeORM repositories). */
  | 'builder'
  /** Logging, metrics and tracing: nothing they do counts. */
  | 'telemetry';

export interface LibraryTypeRow {
  type: LibraryType;
  /** Calls that return a value of the type (a class constructor or a factory function). */
  constructors: readonly string[];
  /** Annotations of parameters and attributes that type them (after import aliases). */
  annotations?: readonly string[];
  /** Methods or attributes of a value of the type that return a value of the same type or another (`cursor` → sql). */
  returns?: Readonly<Record<string, LibraryType>>;
}

/** `write`: writes; `delete`: deletes or overwrites (a change too). */
export type ChangeKind = 'write' | 'delete';

export interface MethodRow {
  type: LibraryType;
  methods: readonly string[];
  kind: ChangeKind;
  /** How a message says it: "writes a file". */
  what: string;
}

export interface FunctionRow {
  functions: readonly string[];
  kind: ChangeKind;
  what: string;
}

/** How a process-running call takes its command. */
export interface ProcessRow {
  functions: readonly string[];
  /**
   * `argv`: a list of words (or one program name); `shell`: a command line; `varargs`: the words are
   * the positional arguments; `program-args`: the program, then a list of its arguments (`spawn("git", ["push"])`).
   */
  takes: 'argv' | 'shell' | 'varargs' | 'program-args';
}

/** The language's tables, one per kind. */
export interface EffectTables {
  language: string;
  types: readonly LibraryTypeRow[];
  /** Calls that write or delete files. */
  fileFunctions: readonly FunctionRow[];
  /** Methods that write or delete files, on a value of type `path` (or a file system module). */
  fileMethods: readonly MethodRow[];
  /** Methods that execute SQL text given as their first argument, per type. */
  sqlExecutors: Readonly<Partial<Record<LibraryType, readonly string[]>>>;
  /** ORM and store writes and deletes. */
  storeMethods: readonly MethodRow[];
  /** SQL statement builders (`sqlalchemy.delete(T)`, `db.delete(table)`) and what executing them does. */
  statementBuilders: readonly FunctionRow[];
  /** HTTP calls by module function: the method each stands for (`requests.put` → PUT; `request` takes it as an argument). */
  httpFunctions: Readonly<Record<string, string>>;
  /** HTTP client methods and the HTTP method each stands for. */
  httpMethods: Readonly<Record<string, string>>;
  /** Calls and methods that send a message (email, SMS, chat). */
  messageMethods: readonly MethodRow[];
  messageFunctions: readonly FunctionRow[];
  processFunctions: readonly ProcessRow[];
  /** Calls that evaluate code text (`eval`, `vm.runInNewContext`). */
  evalFunctions: readonly string[];
  /** Modules whose calls are telemetry, metering or logging (never an effect). */
  telemetryModules: readonly string[];
  /** Vendor SDK modules: module functions under them are SDK calls (`stripe.Customer.create`). */
  sdkModules: readonly string[];
  /** Module paths whose calls change nothing (`json.*`, `os.path.*`): known, so they leave a summary complete. */
  pureModules: readonly string[];
  /** Functions and methods on unknown receivers that change nothing (`len`, `str.strip`, `dict.get`). */
  pureFunctions: readonly string[];
  pureMethods: readonly string[];
  /** Calls whose result is a temporary path (`tempfile.mkdtemp`, `os.tmpdir`): writes under it never count. */
  temporaryPaths: readonly string[];
  /** Calls that read the environment or config (`os.getenv`): a test of their value is a switch. */
  environmentReads: readonly string[];
  /** Names of objects whose attributes are config switches (`settings.enable_writes`). */
  configObjects: readonly string[];
}
