/**
 * Python's effect tables: which calls write, delete, run processes, evaluate code, send messages
 * or call out, named by their path after import aliases (`from pathlib import Path` makes `Path`
 * `pathlib.Path`). Shapes in types.ts; the rules' docs list them.
 */
import { EffectTables } from './types';

const SQL_DRIVERS = [
  'sqlite3.connect', 'aiosqlite.connect', 'psycopg.connect', 'psycopg.AsyncConnection.connect', 'psycopg2.connect', 'psycopg_pool.ConnectionPool',
  'psycopg_pool.AsyncConnectionPool', 'asyncpg.connect', 'asyncpg.create_pool', 'pymysql.connect', 'MySQLdb.connect', 'mysql.connector.connect',
  'aiomysql.connect', 'aiomysql.create_pool', 'duckdb.connect', 'snowflake.connector.connect', 'pyodbc.connect', 'oracledb.connect',
  'pymssql.connect', 'sqlalchemy.create_engine', 'sqlalchemy.ext.asyncio.create_async_engine', 'databases.Database', 'clickhouse_connect.get_client',
];

export const PYTHON_EFFECTS: EffectTables = {
  language: 'python',
  types: [
    {
      type: 'path',
      constructors: ['pathlib.Path', 'pathlib.PurePath', 'pathlib.PosixPath', 'pathlib.WindowsPath', 'pathlib.Path.home', 'pathlib.Path.cwd', 'anyio.Path', 'trio.Path', 'aiopath.AsyncPath'],
      annotations: ['pathlib.Path', 'pathlib.PurePath', 'pathlib.PosixPath', 'anyio.Path'],
      returns: { parent: 'path', with_suffix: 'path', with_name: 'path', with_stem: 'path', joinpath: 'path', resolve: 'path', absolute: 'path', expanduser: 'path' },
    },
    {
      type: 'sql',
      constructors: SQL_DRIVERS,
      annotations: [
        'sqlite3.Connection', 'sqlite3.Cursor', 'aiosqlite.Connection', 'psycopg.Connection', 'psycopg.Cursor', 'psycopg.AsyncConnection', 'psycopg.AsyncCursor',
        'psycopg2.extensions.connection', 'psycopg2.extensions.cursor', 'asyncpg.Connection', 'asyncpg.Pool', 'asyncpg.pool.Pool', 'sqlalchemy.Engine',
        'sqlalchemy.engine.Engine', 'sqlalchemy.Connection', 'sqlalchemy.engine.Connection', 'sqlalchemy.ext.asyncio.AsyncEngine',
        'sqlalchemy.ext.asyncio.AsyncConnection', 'duckdb.DuckDBPyConnection', 'pymysql.connections.Connection',
      ],
      returns: { cursor: 'sql', connect: 'sql', begin: 'sql', acquire: 'sql', connection: 'sql', raw_connection: 'sql', transaction: 'sql', execution_options: 'sql' },
    },
    {
      type: 'orm',
      constructors: ['sqlalchemy.orm.Session', 'sqlmodel.Session', 'sqlalchemy.ext.asyncio.AsyncSession', 'sqlalchemy.orm.scoped_session'],
      annotations: ['sqlalchemy.orm.Session', 'sqlmodel.Session', 'sqlalchemy.ext.asyncio.AsyncSession', 'sqlalchemy.orm.scoped_session'],
      returns: { begin: 'orm' },
    },
    { type: 'orm-factory', constructors: ['sqlalchemy.orm.sessionmaker', 'sqlalchemy.ext.asyncio.async_sessionmaker'] },
    {
      type: 'http',
      constructors: ['requests.Session', 'requests.session', 'httpx.Client', 'httpx.AsyncClient', 'aiohttp.ClientSession', 'urllib3.PoolManager'],
      annotations: ['requests.Session', 'httpx.Client', 'httpx.AsyncClient', 'aiohttp.ClientSession'],
    },
    { type: 'mail', constructors: ['smtplib.SMTP', 'smtplib.SMTP_SSL', 'aiosmtplib.SMTP'], annotations: ['smtplib.SMTP', 'smtplib.SMTP_SSL'] },
    {
      type: 'store',
      constructors: [
        'pymongo.MongoClient', 'motor.motor_asyncio.AsyncIOMotorClient', 'redis.Redis', 'redis.StrictRedis', 'redis.from_url', 'redis.asyncio.Redis',
        'redis.asyncio.from_url', 'elasticsearch.Elasticsearch', 'elasticsearch.AsyncElasticsearch', 'opensearchpy.OpenSearch', 'qdrant_client.QdrantClient',
        'pinecone.Pinecone', 'chromadb.Client', 'chromadb.PersistentClient', 'chromadb.HttpClient',
      ],
      annotations: ['pymongo.MongoClient', 'pymongo.collection.Collection', 'pymongo.database.Database', 'redis.Redis', 'redis.asyncio.Redis', 'elasticsearch.Elasticsearch'],
      returns: { get_database: 'store', get_collection: 'store', get_default_database: 'store', Index: 'store', get_or_create_collection: 'store', get_collection_by_name: 'store' },
    },
    {
      type: 'sdk',
      constructors: [
        'boto3.client', 'boto3.resource', 'boto3.session.Session', 'boto3.Session', 'aioboto3.Session', 'google.cloud.*', 'googleapiclient.discovery.build',
        'azure.*', 'slack_sdk.WebClient', 'slack_sdk.web.async_client.AsyncWebClient', 'github.Github', 'gitlab.Gitlab', 'jira.JIRA', 'atlassian.Jira',
        'atlassian.Confluence', 'kubernetes.client.*', 'docker.from_env', 'docker.DockerClient', 'twilio.rest.Client', 'sendgrid.SendGridAPIClient',
        'notion_client.Client', 'notion_client.AsyncClient', 'openai.OpenAI', 'openai.AsyncOpenAI', 'anthropic.Anthropic', 'anthropic.AsyncAnthropic',
        'stripe.StripeClient', 'hubspot.HubSpot', 'simple_salesforce.Salesforce', 'tweepy.Client', 'asana.Client', 'trello.TrelloClient', 'dropbox.Dropbox',
        'todoist_api_python.api.TodoistAPI', 'linear_api.LinearClient', 'pagerduty.RestApiV2Client', 'shopify.Session', 'zendesk.Zenpy', 'zenpy.Zenpy',
      ],
      annotations: ['slack_sdk.WebClient', 'github.Github', 'jira.JIRA', 'openai.OpenAI', 'openai.AsyncOpenAI', 'anthropic.Anthropic', 'notion_client.Client'],
      returns: { client: 'sdk', resource: 'sdk', Table: 'sdk', Bucket: 'sdk', get_repo: 'sdk', get_user: 'sdk', get_organization: 'sdk', bucket: 'sdk', blob: 'sdk', collection: 'sdk', document: 'sdk' },
    },
    {
      type: 'telemetry',
      constructors: ['logging.getLogger', 'structlog.get_logger', 'structlog.getLogger', 'opentelemetry.trace.get_tracer', 'opentelemetry.metrics.get_meter', 'posthog.Posthog', 'mixpanel.Mixpanel'],
      annotations: ['logging.Logger', 'structlog.BoundLogger'],
    },
  ],
  fileFunctions: [
    { functions: ['os.remove', 'os.unlink', 'os.rmdir', 'os.removedirs', 'shutil.rmtree', 'send2trash.send2trash', 'aiofiles.os.remove', 'aiofiles.os.unlink'], kind: 'delete', what: 'deletes a file' },
    { functions: ['os.truncate'], kind: 'delete', what: 'truncates a file' },
    { functions: ['os.rename', 'os.replace', 'os.renames', 'shutil.move', 'aiofiles.os.rename', 'aiofiles.os.replace'], kind: 'write', what: 'renames a file' },
    { functions: ['os.makedirs', 'os.mkdir', 'aiofiles.os.makedirs', 'aiofiles.os.mkdir'], kind: 'write', what: 'creates a folder' },
    { functions: ['shutil.copy', 'shutil.copy2', 'shutil.copyfile', 'shutil.copytree', 'shutil.copyfileobj'], kind: 'write', what: 'copies a file' },
    { functions: ['os.chmod', 'os.chown', 'os.symlink', 'os.link', 'os.utime'], kind: 'write', what: 'changes a file' },
  ],
  fileMethods: [
    { type: 'path', methods: ['write_text', 'write_bytes'], kind: 'write', what: 'writes a file' },
    { type: 'path', methods: ['touch', 'mkdir', 'symlink_to', 'hardlink_to', 'chmod'], kind: 'write', what: 'changes a file' },
    { type: 'path', methods: ['rename', 'replace'], kind: 'write', what: 'renames a file' },
    { type: 'path', methods: ['unlink', 'rmdir'], kind: 'delete', what: 'deletes a file' },
  ],
  sqlExecutors: {
    sql: ['execute', 'executemany', 'executescript', 'fetch', 'fetchrow', 'fetchval', 'exec_driver_sql', 'query', 'sql', 'execute_query', 'execute_sql'],
    orm: ['execute', 'scalars', 'scalar', 'exec'],
  },
  storeMethods: [
    { type: 'orm', methods: ['add', 'add_all', 'merge', 'bulk_save_objects', 'bulk_insert_mappings', 'bulk_update_mappings', 'commit', 'flush'], kind: 'write', what: 'writes rows through the ORM' },
    { type: 'orm', methods: ['delete'], kind: 'delete', what: 'deletes rows through the ORM' },
    { type: 'store', methods: ['insert_one', 'insert_many', 'update_one', 'update_many', 'find_one_and_update', 'bulk_write', 'set', 'setex', 'setnx', 'mset', 'hset', 'hmset', 'lpush', 'rpush', 'sadd', 'zadd', 'incr', 'incrby', 'decr', 'expire', 'xadd', 'index', 'create', 'upsert', 'add', 'create_index', 'create_collection', 'put', 'bulk'], kind: 'write', what: 'writes to a data store' },
    { type: 'store', methods: ['delete_one', 'delete_many', 'replace_one', 'find_one_and_delete', 'find_one_and_replace', 'drop', 'drop_collection', 'drop_database', 'delete', 'unlink', 'hdel', 'srem', 'zrem', 'lrem', 'flushdb', 'flushall', 'getdel', 'delete_by_query', 'delete_collection', 'delete_index'], kind: 'delete', what: 'deletes from a data store' },
  ],
  statementBuilders: [
    { functions: ['sqlalchemy.insert', 'sqlalchemy.sql.insert', 'sqlalchemy.dialects.postgresql.insert', 'sqlalchemy.dialects.sqlite.insert'], kind: 'write', what: 'inserts rows' },
    { functions: ['sqlalchemy.update', 'sqlalchemy.sql.update'], kind: 'delete', what: 'updates rows' },
    { functions: ['sqlalchemy.delete', 'sqlalchemy.sql.delete'], kind: 'delete', what: 'deletes rows' },
  ],
  httpFunctions: {
    'requests.get': 'GET', 'requests.head': 'HEAD', 'requests.options': 'OPTIONS', 'requests.post': 'POST', 'requests.put': 'PUT', 'requests.patch': 'PATCH',
    'requests.delete': 'DELETE', 'requests.request': '', 'httpx.get': 'GET', 'httpx.head': 'HEAD', 'httpx.options': 'OPTIONS', 'httpx.post': 'POST',
    'httpx.put': 'PUT', 'httpx.patch': 'PATCH', 'httpx.delete': 'DELETE', 'httpx.request': '', 'httpx.stream': '', 'aiohttp.request': '',
    'urllib.request.urlopen': 'GET', 'urllib3.request': '',
  },
  httpMethods: { get: 'GET', head: 'HEAD', options: 'OPTIONS', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE', request: '', stream: '' },
  messageMethods: [
    { type: 'mail', methods: ['sendmail', 'send_message'], kind: 'write', what: 'sends an email' },
    { type: 'sdk', methods: ['chat_postMessage', 'chat_postEphemeral', 'chat_scheduleMessage', 'chat_update', 'files_upload', 'files_upload_v2', 'conversations_create', 'send_message', 'send'], kind: 'write', what: 'sends a message' },
  ],
  messageFunctions: [
    { functions: ['aiosmtplib.send', 'yagmail.SMTP.send', 'apprise.Apprise.notify'], kind: 'write', what: 'sends a message' },
  ],
  processFunctions: [
    { functions: ['subprocess.run', 'subprocess.call', 'subprocess.check_call', 'subprocess.check_output', 'subprocess.Popen', 'pexpect.spawn', 'pexpect.run'], takes: 'argv' },
    { functions: ['subprocess.getoutput', 'subprocess.getstatusoutput', 'os.system', 'os.popen', 'asyncio.create_subprocess_shell'], takes: 'shell' },
    { functions: ['asyncio.create_subprocess_exec', 'os.execl', 'os.execlp', 'os.execle', 'os.execlpe', 'os.spawnl', 'os.spawnlp'], takes: 'varargs' },
    { functions: ['os.execv', 'os.execvp', 'os.execve', 'os.execvpe', 'os.spawnv', 'os.spawnvp'], takes: 'argv' },
  ],
  evalFunctions: ['eval', 'exec', 'builtins.eval', 'builtins.exec', 'runpy.run_path', 'runpy.run_module', 'code.InteractiveInterpreter', 'js2py.eval_js'],
  telemetryModules: [
    'logging', 'structlog', 'loguru', 'sentry_sdk', 'posthog', 'statsd', 'datadog', 'prometheus_client', 'opentelemetry', 'mixpanel', 'analytics',
    'segment', 'newrelic', 'ddtrace', 'logfire', 'warnings', 'print', 'rich.print', 'click.echo', 'typer.echo',
  ],
  sdkModules: ['stripe', 'boto3', 'botocore', 'google.cloud', 'googleapiclient', 'azure', 'openai', 'anthropic', 'slack_sdk', 'twilio', 'sendgrid', 'notion_client', 'github', 'gitlab', 'jira', 'atlassian', 'kubernetes', 'docker', 'tweepy', 'dropbox', 'resend', 'mailchimp_marketing', 'hubspot', 'simple_salesforce'],
  pureModules: [
    'json', 're', 'math', 'datetime', 'time', 'typing', 'dataclasses', 'enum', 'itertools', 'functools', 'collections', 'string', 'textwrap', 'uuid',
    'hashlib', 'hmac', 'base64', 'urllib.parse', 'os.path', 'os.environ', 'os.getenv', 'os.getcwd', 'os.listdir', 'os.scandir', 'os.walk', 'os.stat',
    'copy', 'random', 'secrets', 'decimal', 'fractions', 'statistics', 'operator', 'asyncio', 'pydantic', 'html', 'csv', 'difflib', 'fnmatch', 'glob',
    'shlex', 'platform', 'sys', 'inspect', 'traceback', 'contextlib', 'types', 'abc', 'heapq', 'bisect', 'struct', 'zlib', 'yaml', 'tomllib', 'toml',
    'mimetypes', 'ipaddress', 'email.utils', 'zoneinfo', 'calendar', 'pprint', 'shutil.which', 'shutil.disk_usage', 'tempfile', 'mcp.types',
    'fastmcp', 'mcp', 'arcade_tdk', 'arcade_mcp_server', 'pydantic_core', 'typing_extensions', 'dateutil', 'markdownify', 'bs4', 'lxml', 'jsonschema',
  ],
  pureFunctions: [
    'len', 'str', 'int', 'float', 'bool', 'dict', 'list', 'tuple', 'set', 'frozenset', 'sorted', 'reversed', 'enumerate', 'zip', 'range', 'min', 'max',
    'sum', 'any', 'all', 'abs', 'round', 'isinstance', 'issubclass', 'getattr', 'hasattr', 'repr', 'format', 'iter', 'next', 'map', 'filter', 'type',
    'id', 'hash', 'super', 'vars', 'divmod', 'ord', 'chr', 'hex', 'bin', 'oct', 'callable', 'object', 'bytes', 'bytearray', 'memoryview', 'slice',
    'print', 'open', 'setattr', 'globals', 'locals', 'dir', 'pow', 'ascii', 'NotImplementedError', 'ValueError', 'TypeError', 'KeyError',
    'RuntimeError', 'Exception', 'PermissionError', 'FileNotFoundError', 'TimeoutError', 'LookupError', 'IndexError', 'AttributeError',
  ],
  pureMethods: [
    'get', 'items', 'keys', 'values', 'copy', 'format', 'join', 'split', 'rsplit', 'splitlines', 'strip', 'lstrip', 'rstrip', 'lower', 'upper', 'title',
    'capitalize', 'casefold', 'startswith', 'endswith', 'find', 'rfind', 'index', 'count', 'encode', 'decode', 'append', 'extend', 'insert', 'pop',
    'popitem', 'update', 'setdefault', 'sort', 'reverse', 'add', 'discard', 'remove', 'clear', 'json', 'model_dump', 'model_dump_json', 'model_validate',
    'dict', 'isoformat', 'strftime', 'timestamp', 'total_seconds', 'group', 'groups', 'groupdict', 'match', 'search', 'fullmatch', 'sub', 'findall',
    'finditer', 'read', 'readline', 'readlines', 'fetchone', 'fetchall', 'fetchmany', 'all', 'first', 'one', 'one_or_none', 'scalar_one',
    'scalar_one_or_none', 'raise_for_status', 'close', 'aclose', 'exists', 'is_file', 'is_dir', 'iterdir', 'glob', 'rglob', 'stat', 'read_text',
    'read_bytes', 'relative_to', 'as_posix', 'hexdigest', 'digest', 'zfill', 'ljust', 'rjust', 'center', 'partition', 'rpartition', 'isdigit',
    'isalpha', 'isalnum', 'isspace', 'removeprefix', 'removesuffix', 'replace', 'to_dict', 'dumps', 'loads', 'info', 'debug', 'warning', 'error',
    'exception', 'critical', 'filter', 'order_by', 'where', 'limit', 'offset', 'select', 'filter_by', 'options', 'subquery', 'label', 'desc', 'asc',
    'text', 'wait', 'result', 'done', 'cancel', 'set_result', 'is_set', 'acquire', 'release', 'locked', 'fetchone', 'scalars', 'mappings', 'keys',
  ],
  temporaryPaths: [
    'tempfile.mkdtemp', 'tempfile.mkstemp', 'tempfile.gettempdir', 'tempfile.gettempdirb', 'tempfile.NamedTemporaryFile', 'tempfile.TemporaryDirectory',
    'tempfile.TemporaryFile', 'tempfile.SpooledTemporaryFile', 'tempfile.mktemp',
  ],
  environmentReads: ['os.getenv', 'os.environ.get', 'os.environ', 'os.environ.__getitem__', 'environ.get', 'decouple.config', 'dotenv.get_key'],
  configObjects: ['settings', 'config', 'cfg', 'conf', 'CONFIG', 'SETTINGS', 'options', 'app_config', 'server_config', 'feature_flags', 'flags'],
};
