/**
 * C# effect tables: calls named by their type's simple name and member (`File.WriteAllText`,
 * `SqlCommand`, `BlobContainerClient`), however the namespace was brought in (`using`, or written
 * out: `System.IO.File.WriteAllText` is `File.WriteAllText`); receivers typed by construction
 * (`new HttpClient()`), declared types of fields, constructor parameters and locals, and base
 * classes (a project `DbContext`). Shapes in types.ts; the rules' docs list them.
 */
import { EffectTables } from './types';

/** Azure SDK clients (Azure.*): their methods are read by verb (`DeleteBlobAsync`, `SetSecretAsync`, `CreateOrUpdateAsync`). */
const AZURE_CLIENTS = [
  'BlobServiceClient', 'BlobContainerClient', 'BlobClient', 'BlockBlobClient', 'QueueClient', 'QueueServiceClient', 'ShareClient', 'ShareFileClient', 'TableClient',
  'TableServiceClient', 'SecretClient', 'KeyClient', 'CertificateClient', 'CosmosClient', 'Container', 'Database', 'ArmClient', 'ResourceGroupResource',
  'SubscriptionResource', 'ServiceBusClient', 'ServiceBusSender', 'EventHubProducerClient', 'LogsQueryClient', 'MetricsQueryClient', 'SearchClient',
  'SearchIndexClient', 'AppConfigurationClient', 'ConfigurationClient', 'DataLakeServiceClient', 'DataLakeFileSystemClient', 'DataLakeFileClient',
];
const OTHER_SDK_CLIENTS = [
  'AmazonS3Client', 'AmazonDynamoDBClient', 'AmazonEC2Client', 'AmazonLambdaClient', 'AmazonSQSClient', 'AmazonSimpleNotificationServiceClient', 'IAmazonS3',
  'IAmazonDynamoDB', 'GitHubClient', 'Kubernetes', 'IKubernetes', 'StorageClient', 'SlackClient', 'StripeClient', 'GraphServiceClient',
];

export const CSHARP_EFFECTS: EffectTables = {
  language: 'csharp',
  types: [
    {
      type: 'sql',
      constructors: ['SqlConnection', 'NpgsqlConnection', 'SqliteConnection', 'MySqlConnection', 'OracleConnection', 'NpgsqlDataSource.Create'],
      annotations: ['SqlConnection', 'NpgsqlConnection', 'SqliteConnection', 'MySqlConnection', 'OracleConnection', 'IDbConnection', 'DbConnection', 'NpgsqlDataSource', 'DbDataSource', 'IDbTransaction', 'DbTransaction'],
      returns: { BeginTransaction: 'sql', BeginTransactionAsync: 'sql', OpenConnection: 'sql', OpenConnectionAsync: 'sql', CreateConnection: 'sql' },
    },
    {
      type: 'orm',
      constructors: [],
      annotations: ['DbContext', 'IdentityDbContext', 'DbSet'],
      returns: { Database: 'sql' },
    },
    { type: 'http', constructors: ['HttpClient'], annotations: ['HttpClient'], returns: {} },
    {
      type: 'store',
      constructors: ['ConnectionMultiplexer.Connect', 'ConnectionMultiplexer.ConnectAsync', 'MongoClient'],
      annotations: ['IDatabase', 'IConnectionMultiplexer', 'ConnectionMultiplexer', 'IMongoDatabase', 'IMongoCollection', 'IMongoClient', 'MongoClient'],
      returns: { GetDatabase: 'store', GetCollection: 'store' },
    },
    { type: 'mail', constructors: ['SmtpClient'], annotations: ['SmtpClient', 'ISendGridClient', 'SendGridClient'] },
    { type: 'sdk', constructors: [...AZURE_CLIENTS, ...OTHER_SDK_CLIENTS], annotations: [...AZURE_CLIENTS, ...OTHER_SDK_CLIENTS] },
    { type: 'telemetry', constructors: ['LoggerFactory.Create', 'TelemetryClient', 'ActivitySource', 'Meter'], annotations: ['ILogger', 'ILoggerFactory', 'TelemetryClient', 'ActivitySource', 'Meter', 'Counter', 'Histogram'] },
  ],
  fileFunctions: [
    { functions: ['File.WriteAllText', 'File.WriteAllTextAsync', 'File.WriteAllBytes', 'File.WriteAllBytesAsync', 'File.WriteAllLines', 'File.WriteAllLinesAsync', 'File.AppendAllText', 'File.AppendAllTextAsync', 'File.AppendAllLines', 'File.Create', 'File.CreateText', 'File.AppendText', 'File.OpenWrite', 'File.Copy'], kind: 'write', what: 'writes a file' },
    { functions: ['File.Delete', 'Directory.Delete'], kind: 'delete', what: 'deletes a file' },
    { functions: ['File.Replace'], kind: 'delete', what: 'overwrites a file' },
    { functions: ['File.Move', 'Directory.Move'], kind: 'write', what: 'renames a file' },
    { functions: ['Directory.CreateDirectory'], kind: 'write', what: 'creates a folder' },
    { functions: ['File.SetAttributes', 'File.SetLastWriteTime', 'File.Encrypt', 'File.Decrypt', 'File.CreateSymbolicLink'], kind: 'write', what: 'changes a file' },
  ],
  fileMethods: [],
  sqlExecutors: {
    sql: [
      'Execute', 'ExecuteAsync', 'Query', 'QueryAsync', 'QueryFirst', 'QueryFirstAsync', 'QueryFirstOrDefault', 'QueryFirstOrDefaultAsync', 'QuerySingle', 'QuerySingleAsync',
      'QuerySingleOrDefault', 'QuerySingleOrDefaultAsync', 'QueryMultiple', 'QueryMultipleAsync', 'ExecuteScalar', 'ExecuteScalarAsync', 'ExecuteReader', 'ExecuteReaderAsync',
      'ExecuteSqlRaw', 'ExecuteSqlRawAsync', 'SqlQueryRaw',
    ],
    orm: ['FromSqlRaw', 'ExecuteSqlRaw', 'ExecuteSqlRawAsync', 'SqlQueryRaw'],
  },
  storeMethods: [
    { type: 'orm', methods: ['Add', 'AddAsync', 'AddRange', 'AddRangeAsync', 'Update', 'UpdateRange', 'Attach', 'SaveChanges', 'SaveChangesAsync', 'ExecuteUpdate', 'ExecuteUpdateAsync'], kind: 'write', what: 'writes rows through the ORM' },
    { type: 'orm', methods: ['Remove', 'RemoveRange', 'ExecuteDelete', 'ExecuteDeleteAsync'], kind: 'delete', what: 'deletes rows through the ORM' },
    { type: 'store', methods: ['StringSet', 'StringSetAsync', 'HashSet', 'HashSetAsync', 'ListLeftPush', 'ListRightPush', 'SetAdd', 'SortedSetAdd', 'StringIncrement', 'KeyExpire', 'InsertOne', 'InsertOneAsync', 'InsertMany', 'InsertManyAsync', 'UpdateOne', 'UpdateOneAsync', 'UpdateMany', 'UpdateManyAsync', 'BulkWrite', 'BulkWriteAsync'], kind: 'write', what: 'writes to a data store' },
    { type: 'store', methods: ['KeyDelete', 'KeyDeleteAsync', 'HashDelete', 'HashDeleteAsync', 'SetRemove', 'SortedSetRemove', 'DeleteOne', 'DeleteOneAsync', 'DeleteMany', 'DeleteManyAsync', 'ReplaceOne', 'ReplaceOneAsync', 'DropCollection', 'DropCollectionAsync', 'FindOneAndDelete', 'FindOneAndDeleteAsync'], kind: 'delete', what: 'deletes from a data store' },
  ],
  statementBuilders: [{ functions: ['SqlCommand', 'NpgsqlCommand', 'SqliteCommand', 'MySqlCommand', 'OracleCommand'], kind: 'write', what: 'runs SQL' }],
  /** A request made with its method (`new HttpRequestMessage(HttpMethod.Delete, url)`): read where it is made. */
  httpFunctions: { HttpRequestMessage: '' },
  httpMethods: {
    GetAsync: 'GET', GetStringAsync: 'GET', GetStreamAsync: 'GET', GetByteArrayAsync: 'GET', GetFromJsonAsync: 'GET', PostAsync: 'POST', PostAsJsonAsync: 'POST',
    PutAsync: 'PUT', PutAsJsonAsync: 'PUT', PatchAsync: 'PATCH', PatchAsJsonAsync: 'PATCH', DeleteAsync: 'DELETE', DeleteFromJsonAsync: 'DELETE',
  },
  messageMethods: [
    { type: 'mail', methods: ['Send', 'SendAsync', 'SendMailAsync', 'SendEmailAsync'], kind: 'write', what: 'sends an email' },
    { type: 'sdk', methods: ['PostMessageAsync', 'SendMessageAsync', 'SendMessagesAsync', 'PublishAsync', 'SendEventsAsync'], kind: 'write', what: 'sends a message' },
  ],
  messageFunctions: [],
  processFunctions: [{ functions: ['Process.Start'], takes: 'program-args' }],
  evalFunctions: ['CSharpScript.EvaluateAsync', 'CSharpScript.RunAsync', 'CSharpScript.Create', 'Engine.Execute', 'Engine.Evaluate', 'ScriptEngine.Execute', 'DataTable.Compute', 'PowerShell.AddScript'],
  telemetryModules: ['Console', 'Debug', 'Trace', 'Log', 'Logger', 'Activity', 'ActivitySource', 'Meter', 'EventSource', 'Serilog.Log'],
  sdkModules: ['Azure', 'Amazon', 'Octokit', 'k8s', 'Google.Cloud', 'Stripe', 'Microsoft.Graph'],
  pureModules: [
    'JsonSerializer', 'JsonDocument', 'JsonNode', 'Path', 'String', 'string', 'Math', 'Convert', 'Guid', 'DateTime', 'DateTimeOffset', 'TimeSpan', 'Enumerable', 'Task',
    'Regex', 'Uri', 'Encoding', 'StringBuilder', 'Array', 'List', 'Dictionary', 'HashSet', 'File.ReadAllText', 'File.ReadAllTextAsync', 'File.ReadAllLines',
    'File.ReadAllLinesAsync', 'File.ReadAllBytes', 'File.Exists', 'File.OpenRead', 'File.OpenText', 'Directory.Exists', 'Directory.GetFiles', 'Directory.EnumerateFiles',
    'Directory.GetDirectories', 'Directory.EnumerateDirectories', 'ArgumentNullException', 'ArgumentException', 'ArgumentOutOfRangeException', 'InvalidOperationException',
    'McpException', 'McpProtocolException', 'Exception', 'NotSupportedException', 'CancellationTokenSource', 'Stopwatch', 'HttpUtility', 'WebUtility', 'Interlocked',
    'HttpRequestMessage', 'StringContent', 'JsonContent', 'FormUrlEncodedContent', 'TextContentBlock', 'CallToolResult', 'CommandResponse', 'ResponseResult', 'Results',
  ],
  pureFunctions: ['nameof', 'typeof', 'default', 'ArgumentNullException.ThrowIfNull', 'ArgumentException.ThrowIfNullOrEmpty', 'ArgumentException.ThrowIfNullOrWhiteSpace'],
  pureMethods: [
    'ToString', 'ToLower', 'ToUpper', 'ToLowerInvariant', 'ToUpperInvariant', 'Trim', 'TrimStart', 'TrimEnd', 'Split', 'Join', 'Contains', 'StartsWith', 'EndsWith',
    'Replace', 'Substring', 'IndexOf', 'Equals', 'GetHashCode', 'Select', 'Where', 'First', 'FirstOrDefault', 'Single', 'SingleOrDefault', 'Any', 'All', 'Count', 'Sum',
    'OrderBy', 'OrderByDescending', 'ThenBy', 'GroupBy', 'ToList', 'ToListAsync', 'ToArray', 'ToArrayAsync', 'ToDictionary', 'Take', 'Skip', 'Distinct', 'Append', 'Concat',
    'Add', 'Remove', 'Clear', 'TryGetValue', 'ContainsKey', 'Set', 'Dispose', 'DisposeAsync', 'Close', 'CloseAsync', 'ConfigureAwait', 'GetAwaiter', 'GetResult',
    'ReadAsStringAsync', 'ReadFromJsonAsync', 'EnsureSuccessStatusCode', 'ReadAsStreamAsync', 'Open', 'OpenAsync', 'Read', 'ReadAsync', 'GetString', 'GetInt32',
    'GetValueForOption', 'GetValue', 'AddWithValue', 'Dispose', 'FindAsync', 'Find', 'AsNoTracking', 'Include', 'LogInformation', 'LogWarning', 'LogError', 'LogDebug',
    'WriteLine', 'Format', 'IsNullOrEmpty', 'IsNullOrWhiteSpace', 'Serialize', 'Deserialize', 'Parse', 'TryParse', 'Combine', 'GetFileName', 'GetExtension',
  ],
  temporaryPaths: ['Path.GetTempPath', 'Path.GetTempFileName', 'Directory.CreateTempSubdirectory'],
  environmentReads: ['Environment.GetEnvironmentVariable', 'configuration.GetValue', 'IConfiguration.GetValue'],
  configObjects: ['configuration', '_configuration', 'config', '_config', 'options', '_options', 'settings', '_settings'],
};
