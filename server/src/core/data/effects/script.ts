/**
 * TypeScript / JavaScript effect tables: calls named by the module they are imported from and the
 * member path (`fs.writeFile` whether written `fs.writeFile`, `writeFile` from `node:fs/promises`
 * or `fs.promises.writeFile`; `pg.Pool`; `@prisma/client.PrismaClient`), or by their global name
 * (`fetch`, `eval`). Shapes in types.ts; the rules' docs list them.
 */
import { EffectTables } from './types';

export const SCRIPT_EFFECTS: EffectTables = {
  language: 'typescript',
  types: [
    {
      type: 'sql',
      constructors: [
        'better-sqlite3', 'better-sqlite3.default', 'pg.Pool', 'pg.Client', 'pg.default.Pool', 'pg.default.Client', 'mysql2.createConnection', 'mysql2.createPool',
        'mysql2/promise.createConnection', 'mysql2/promise.createPool', 'mysql.createConnection', 'mysql.createPool', 'sqlite3.Database', 'sqlite.open',
        'postgres', '@neondatabase/serverless.neon', '@neondatabase/serverless.Pool', '@vercel/postgres.createPool', 'mssql.connect', 'mssql.ConnectionPool',
        'duckdb.Database', '@libsql/client.createClient', 'snowflake-sdk.createConnection', 'oracledb.getConnection', 'bun:sqlite.Database', 'node:sqlite.DatabaseSync',
      ],
      annotations: ['pg.Pool', 'pg.Client', 'pg.PoolClient', 'better-sqlite3.Database', 'mysql2/promise.Pool', 'mysql2/promise.Connection', 'sqlite.Database'],
      returns: { connect: 'sql', acquire: 'sql', getConnection: 'sql', transaction: 'sql', promise: 'sql' },
    },
    { type: 'prisma', constructors: ['@prisma/client.PrismaClient'], annotations: ['@prisma/client.PrismaClient'] },
    {
      type: 'builder',
      constructors: ['knex', 'knex.knex', 'drizzle-orm/*', '@supabase/supabase-js.createClient', 'typeorm.DataSource', 'kysely.Kysely'],
      annotations: ['typeorm.Repository', 'typeorm.DataSource', '@supabase/supabase-js.SupabaseClient', 'knex.Knex'],
    },
    {
      type: 'store',
      constructors: [
        'mongodb.MongoClient', 'redis.createClient', 'ioredis', 'ioredis.Redis', 'ioredis.default', '@upstash/redis.Redis', '@elastic/elasticsearch.Client',
        '@opensearch-project/opensearch.Client', '@pinecone-database/pinecone.Pinecone', '@qdrant/js-client-rest.QdrantClient', 'chromadb.ChromaClient',
      ],
      annotations: ['mongodb.Db', 'mongodb.Collection', 'mongodb.MongoClient', 'ioredis.Redis', 'redis.RedisClientType'],
    },
    {
      type: 'http',
      constructors: ['axios.create', 'axios.default.create', 'got.extend', 'ky.create', 'ky.extend', 'undici.Pool', 'undici.Client'],
      annotations: ['axios.AxiosInstance'],
    },
    { type: 'mail', constructors: ['nodemailer.createTransport', 'nodemailer.default.createTransport'], annotations: ['nodemailer.Transporter'] },
    {
      type: 'sdk',
      constructors: [
        '@octokit/rest.Octokit', 'octokit.Octokit', '@octokit/core.Octokit', 'openai', 'openai.OpenAI', 'openai.default', '@anthropic-ai/sdk', '@anthropic-ai/sdk.default',
        '@anthropic-ai/sdk.Anthropic', 'stripe', 'stripe.default', 'stripe.Stripe', '@slack/web-api.WebClient', '@notionhq/client.Client', '@linear/sdk.LinearClient',
        'twilio', 'twilio.default', 'twilio.Twilio', '@aws-sdk/*', '@google-cloud/*', 'googleapis.google.*', '@azure/*', 'discord.js.Client', 'jira-client',
        '@gitbeaker/rest.Gitlab', 'resend.Resend', 'postmark.ServerClient', '@sendgrid/client', '@hubspot/api-client.Client', 'shopify-api-node', '@atlaskit/*',
        'jira.js.Version3Client', 'jira.js.Version2Client', 'airtable', '@mailchimp/mailchimp_marketing', 'contentful-management.createClient',
      ],
      annotations: ['@octokit/rest.Octokit', 'octokit.Octokit', 'openai.OpenAI', '@slack/web-api.WebClient', '@notionhq/client.Client', 'stripe.Stripe'],
    },
    {
      type: 'telemetry',
      constructors: ['pino', 'pino.default', 'winston.createLogger', 'bunyan.createLogger', 'log4js.getLogger', 'debug', 'posthog-node.PostHog', 'mixpanel.init', '@opentelemetry/*'],
      annotations: ['pino.Logger', 'winston.Logger'],
    },
  ],
  fileFunctions: [
    { functions: ['fs.writeFile', 'fs.writeFileSync', 'fs.appendFile', 'fs.appendFileSync', 'fs.createWriteStream', 'fs-extra.outputFile', 'fs-extra.outputFileSync', 'fs-extra.writeJson', 'fs-extra.writeJSON', 'fs-extra.writeJsonSync', 'fs-extra.outputJson', 'fs-extra.outputJSON', 'fs-extra.writeFile', 'Bun.write', 'Deno.writeTextFile', 'Deno.writeFile', 'write-file-atomic'], kind: 'write', what: 'writes a file' },
    { functions: ['fs.rm', 'fs.rmSync', 'fs.unlink', 'fs.unlinkSync', 'fs.rmdir', 'fs.rmdirSync', 'fs-extra.remove', 'fs-extra.removeSync', 'fs-extra.emptyDir', 'fs-extra.emptyDirSync', 'rimraf', 'rimraf.rimraf', 'del', 'del.deleteAsync', 'Deno.remove'], kind: 'delete', what: 'deletes a file' },
    { functions: ['fs.truncate', 'fs.truncateSync'], kind: 'delete', what: 'truncates a file' },
    { functions: ['fs.rename', 'fs.renameSync', 'fs-extra.move', 'fs-extra.moveSync', 'Deno.rename'], kind: 'write', what: 'renames a file' },
    { functions: ['fs.mkdir', 'fs.mkdirSync', 'fs-extra.ensureDir', 'fs-extra.ensureDirSync', 'fs-extra.mkdirs', 'fs-extra.mkdirp', 'mkdirp', 'Deno.mkdir'], kind: 'write', what: 'creates a folder' },
    { functions: ['fs.copyFile', 'fs.copyFileSync', 'fs.cp', 'fs.cpSync', 'fs-extra.copy', 'fs-extra.copySync'], kind: 'write', what: 'copies a file' },
    { functions: ['fs.chmod', 'fs.chmodSync', 'fs.chown', 'fs.chownSync', 'fs.symlink', 'fs.symlinkSync', 'fs.link', 'fs.linkSync', 'fs.utimes', 'fs.utimesSync', 'fs-extra.ensureFile'], kind: 'write', what: 'changes a file' },
  ],
  fileMethods: [],
  sqlExecutors: {
    sql: ['query', 'execute', 'exec', 'run', 'all', 'get', 'prepare', 'unsafe', 'batch', 'queryObject', 'raw'],
    prisma: ['$executeRaw', '$executeRawUnsafe', '$queryRaw', '$queryRawUnsafe'],
    builder: ['raw', 'query', 'execute', 'rpc'],
  },
  storeMethods: [
    { type: 'prisma', methods: ['create', 'createMany', 'createManyAndReturn', 'update', 'updateMany', 'updateManyAndReturn', 'upsert'], kind: 'write', what: 'writes through Prisma' },
    { type: 'prisma', methods: ['delete', 'deleteMany'], kind: 'delete', what: 'deletes through Prisma' },
    { type: 'builder', methods: ['insert', 'update', 'upsert', 'save', 'increment', 'decrement', 'insertInto', 'updateTable'], kind: 'write', what: 'writes through a query builder' },
    { type: 'builder', methods: ['del', 'delete', 'truncate', 'remove', 'softDelete', 'clear', 'deleteFrom'], kind: 'delete', what: 'deletes through a query builder' },
    { type: 'store', methods: ['insertOne', 'insertMany', 'updateOne', 'updateMany', 'findOneAndUpdate', 'bulkWrite', 'set', 'setEx', 'setex', 'setNX', 'setnx', 'mSet', 'mset', 'hSet', 'hset', 'hmset', 'lPush', 'lpush', 'rPush', 'rpush', 'sAdd', 'sadd', 'zAdd', 'zadd', 'incr', 'incrBy', 'incrby', 'decr', 'expire', 'xAdd', 'xadd', 'append', 'index', 'create', 'update', 'bulk', 'upsert', 'createIndex', 'createCollection'], kind: 'write', what: 'writes to a data store' },
    { type: 'store', methods: ['deleteOne', 'deleteMany', 'replaceOne', 'findOneAndDelete', 'findOneAndReplace', 'drop', 'dropCollection', 'dropDatabase', 'del', 'unlink', 'hDel', 'hdel', 'sRem', 'srem', 'zRem', 'zrem', 'lRem', 'lrem', 'flushDb', 'flushdb', 'flushAll', 'flushall', 'getDel', 'getdel', 'delete', 'deleteByQuery', 'deleteIndex', 'deleteCollection'], kind: 'delete', what: 'deletes from a data store' },
  ],
  statementBuilders: [
    { functions: ['drizzle-orm.sql.raw'], kind: 'write', what: 'runs SQL' },
  ],
  httpFunctions: {
    fetch: 'GET?', 'node-fetch': 'GET?', 'node-fetch.default': 'GET?', 'undici.fetch': 'GET?', 'cross-fetch': 'GET?', 'isomorphic-fetch': 'GET?', 'undici.request': 'GET?',
    axios: '', 'axios.default': '', 'axios.request': '', 'axios.get': 'GET', 'axios.head': 'HEAD', 'axios.options': 'OPTIONS', 'axios.post': 'POST', 'axios.put': 'PUT',
    'axios.patch': 'PATCH', 'axios.delete': 'DELETE', 'axios.default.get': 'GET', 'axios.default.post': 'POST', 'axios.default.put': 'PUT', 'axios.default.patch': 'PATCH',
    'axios.default.delete': 'DELETE', got: 'GET?', 'got.get': 'GET', 'got.post': 'POST', 'got.put': 'PUT', 'got.patch': 'PATCH', 'got.delete': 'DELETE',
    ky: 'GET?', 'ky.get': 'GET', 'ky.post': 'POST', 'ky.put': 'PUT', 'ky.patch': 'PATCH', 'ky.delete': 'DELETE', 'superagent.get': 'GET', 'superagent.post': 'POST',
    'superagent.put': 'PUT', 'superagent.patch': 'PATCH', 'superagent.delete': 'DELETE',
  },
  httpMethods: { get: 'GET', head: 'HEAD', options: 'OPTIONS', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE', request: '', fetch: 'GET?' },
  messageMethods: [
    { type: 'mail', methods: ['sendMail'], kind: 'write', what: 'sends an email' },
    { type: 'sdk', methods: ['postMessage', 'postEphemeral', 'scheduleMessage', 'sendMessage', 'sendEmail', 'sendEmailWithTemplate', 'send'], kind: 'write', what: 'sends a message' },
  ],
  messageFunctions: [
    { functions: ['@sendgrid/mail.send', '@sendgrid/mail.default.send', '@sendgrid/mail.sendMultiple', '@vercel/functions.sendEmail'], kind: 'write', what: 'sends an email' },
  ],
  processFunctions: [
    { functions: ['child_process.exec', 'child_process.execSync', 'shelljs.exec', 'shelljs.default.exec'], takes: 'shell' },
    { functions: ['child_process.spawn', 'child_process.spawnSync', 'child_process.execFile', 'child_process.execFileSync', 'child_process.fork', 'execa', 'execa.execa', 'execa.execaSync', 'cross-spawn', 'cross-spawn.sync'], takes: 'program-args' },
    { functions: ['Bun.spawn', 'Bun.spawnSync', 'Deno.Command'], takes: 'argv' },
    { functions: ['execa.$', 'zx.$', 'bun.$'], takes: 'shell' },
  ],
  evalFunctions: ['eval', 'Function', 'vm.runInNewContext', 'vm.runInThisContext', 'vm.runInContext', 'vm.Script', 'vm.compileFunction', 'vm2.VM', 'vm2.NodeVM'],
  telemetryModules: [
    'console', 'winston', 'pino', 'bunyan', 'log4js', 'debug', 'loglevel', '@sentry', 'posthog-node', '@opentelemetry', 'dd-trace', 'newrelic', 'mixpanel',
    '@segment/analytics-node', 'prom-client', '@vercel/analytics', 'statsd', 'hot-shots',
  ],
  sdkModules: ['@aws-sdk', '@google-cloud', '@azure', 'googleapis', 'stripe', '@slack/web-api', 'twilio', '@octokit', 'octokit', 'openai', '@anthropic-ai/sdk', '@notionhq/client', '@linear/sdk', 'resend', 'postmark'],
  pureModules: [
    'path', 'url', 'util', 'crypto', 'zod', 'lodash', 'date-fns', 'dayjs', 'JSON', 'Math', 'Object', 'Array', 'String', 'Number', 'Promise', 'Date', 'os',
    'querystring', 'assert', '@modelcontextprotocol/sdk', '@modelcontextprotocol/server', 'fastmcp', 'uuid', 'nanoid', 'yaml', 'js-yaml', 'marked', 'cheerio',
    'turndown', 'fs.readFile', 'fs.readFileSync', 'fs.readdir', 'fs.readdirSync', 'fs.stat', 'fs.statSync', 'fs.existsSync', 'fs.access', 'fs.accessSync',
    'fs.lstat', 'fs.realpath', 'fs.createReadStream', 'fs.mkdtemp', 'fs.mkdtempSync', 'fs-extra.readJson', 'fs-extra.pathExists', 'Buffer', 'Reflect', 'Symbol',
    'Intl', 'URL', 'URLSearchParams', 'TextEncoder', 'TextDecoder', 'AbortController', 'structuredClone', 'minimatch', 'glob', 'fast-glob', 'chalk', 'zod-to-json-schema',
  ],
  pureFunctions: [
    'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'String', 'Number', 'Boolean', 'BigInt', 'Symbol', 'encodeURIComponent', 'decodeURIComponent', 'encodeURI', 'decodeURI',
    'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'queueMicrotask', 'structuredClone', 'Error', 'TypeError', 'RangeError',
    'McpError', 'require', 'atob', 'btoa', 'Date', 'Map', 'Set', 'WeakMap', 'Promise', 'RegExp', 'Array', 'Object', 'URL', 'URLSearchParams', 'AbortController',
  ],
  pureMethods: [
    'map', 'filter', 'reduce', 'forEach', 'find', 'findIndex', 'some', 'every', 'includes', 'indexOf', 'join', 'split', 'slice', 'push', 'pop', 'shift', 'unshift',
    'concat', 'flat', 'flatMap', 'sort', 'reverse', 'keys', 'values', 'entries', 'get', 'has', 'set', 'add', 'delete', 'clear', 'trim', 'trimStart', 'trimEnd',
    'toLowerCase', 'toUpperCase', 'startsWith', 'endsWith', 'replace', 'replaceAll', 'match', 'matchAll', 'test', 'exec', 'toString', 'toISOString', 'toFixed',
    'padStart', 'padEnd', 'then', 'catch', 'finally', 'json', 'text', 'parse', 'stringify', 'describe', 'optional', 'object', 'string', 'number', 'boolean',
    'array', 'safeParse', 'format', 'localeCompare', 'charAt', 'charCodeAt', 'substring', 'substr', 'at', 'fill', 'assign', 'freeze', 'hasOwnProperty', 'close',
    'toJSON', 'valueOf', 'getTime', 'arrayBuffer', 'blob', 'all', 'allSettled', 'race', 'resolve', 'reject', 'isArray', 'from', 'of', 'abort', 'emit', 'on',
    'once', 'off', 'sendLoggingMessage', 'notification', 'info', 'debug', 'warn', 'error', 'log', 'trace', 'findUnique', 'findFirst', 'findMany', 'count',
    'aggregate', 'groupBy', 'findOne', 'findById', 'select', 'where', 'orderBy', 'limit', 'from', 'leftJoin', 'innerJoin', 'first', 'pluck',
  ],
  temporaryPaths: ['os.tmpdir', 'fs.mkdtemp', 'fs.mkdtempSync', 'tmp.dirSync', 'tmp.fileSync', 'tmp.tmpNameSync', 'tmp-promise.dir', 'tmp-promise.file', 'Deno.makeTempDir'],
  environmentReads: ['process.env', 'Deno.env.get', 'Bun.env', 'import.meta.env'],
  configObjects: ['settings', 'config', 'cfg', 'conf', 'CONFIG', 'SETTINGS', 'options', 'appConfig', 'serverConfig', 'featureFlags', 'flags', 'env'],
};
