/**
 * Go effect tables: calls named by their import path and member (`os.WriteFile`,
 * `database/sql.Open`, `github.com/aws/aws-sdk-go-v2/service/s3.NewFromConfig`), whatever the
 * package is called locally; receivers typed by construction, struct fields, parameters and
 * package-level variables. Shapes in types.ts; the rules' docs list them.
 */
import { EffectTables } from './types';

const AWS = 'github.com/aws/aws-sdk-go-v2/service/*';
const SQLX = 'github.com/jmoiron/sqlx';
const PGX = 'github.com/jackc/pgx/v5';
const GORM = 'gorm.io/gorm';
const REDIS = 'github.com/redis/go-redis/v9';
const MONGO = 'go.mongodb.org/mongo-driver/mongo';

/** gorm's chained methods: each returns the same `*gorm.DB`. */
const GORM_CHAIN = ['Model', 'Where', 'Table', 'WithContext', 'Session', 'Debug', 'Unscoped', 'Clauses', 'Omit', 'Select', 'Preload', 'Joins', 'Order', 'Limit', 'Offset', 'Begin', 'Scopes'];

export const GO_EFFECTS: EffectTables = {
  language: 'go',
  types: [
    {
      type: 'sql',
      constructors: ['database/sql.Open', 'database/sql.OpenDB', `${SQLX}.Open`, `${SQLX}.Connect`, `${SQLX}.MustConnect`, `${SQLX}.MustOpen`, `${SQLX}.NewDb`, `${PGX}.Connect`, `${PGX}/pgxpool.New`, `${PGX}/pgxpool.NewWithConfig`],
      annotations: ['database/sql.DB', 'database/sql.Tx', 'database/sql.Conn', 'database/sql.Stmt', `${SQLX}.DB`, `${SQLX}.Tx`, `${PGX}.Conn`, `${PGX}.Tx`, `${PGX}/pgxpool.Pool`, `${PGX}/pgxpool.Conn`],
      returns: { Begin: 'sql', BeginTx: 'sql', Beginx: 'sql', BeginTxx: 'sql', MustBegin: 'sql', Conn: 'sql', Acquire: 'sql' },
    },
    {
      type: 'orm',
      constructors: [`${GORM}.Open`],
      annotations: [`${GORM}.DB`],
      returns: Object.fromEntries(GORM_CHAIN.map((method) => [method, 'orm'])),
    },
    {
      type: 'store',
      constructors: [`${REDIS}.NewClient`, `${REDIS}.NewClusterClient`, `${MONGO}.Connect`, 'github.com/elastic/go-elasticsearch/v8.NewClient', 'github.com/elastic/go-elasticsearch/v8.NewDefaultClient'],
      annotations: [`${REDIS}.Client`, `${REDIS}.ClusterClient`, `${MONGO}.Client`, `${MONGO}.Database`, `${MONGO}.Collection`],
    },
    { type: 'http', constructors: ['net/http.Client'], annotations: ['net/http.Client'] },
    {
      type: 'sdk',
      constructors: [
        AWS, 'github.com/aws/aws-sdk-go/service/*', 'k8s.io/client-go/kubernetes.NewForConfig', 'k8s.io/client-go/kubernetes.NewForConfigOrDie', 'k8s.io/client-go/dynamic.NewForConfig',
        'github.com/google/go-github/*', 'github.com/slack-go/slack.New', 'github.com/stripe/stripe-go/*', 'cloud.google.com/go/*', 'github.com/Azure/azure-sdk-for-go/sdk/*',
        'github.com/xanzy/go-gitlab.NewClient', 'gitlab.com/gitlab-org/api/client-go.NewClient', 'github.com/andygrunwald/go-jira.NewClient', 'github.com/digitalocean/godo.NewFromToken',
      ],
      annotations: [
        AWS, 'k8s.io/client-go/kubernetes.Interface', 'k8s.io/client-go/kubernetes.Clientset', 'k8s.io/client-go/dynamic.Interface', 'github.com/google/go-github/*',
        'github.com/slack-go/slack.Client', 'cloud.google.com/go/*', 'github.com/Azure/azure-sdk-for-go/sdk/*', 'github.com/xanzy/go-gitlab.Client', 'github.com/digitalocean/godo.Client',
      ],
    },
    {
      type: 'telemetry',
      constructors: ['log.New', 'log/slog.New', 'log/slog.Default', 'go.uber.org/zap.NewProduction', 'go.uber.org/zap.NewDevelopment', 'go.uber.org/zap.L', 'github.com/sirupsen/logrus.New', 'github.com/rs/zerolog.New'],
      annotations: ['log.Logger', 'log/slog.Logger', 'go.uber.org/zap.Logger', 'go.uber.org/zap.SugaredLogger', 'github.com/sirupsen/logrus.Logger', 'github.com/sirupsen/logrus.Entry', 'github.com/rs/zerolog.Logger'],
    },
  ],
  fileFunctions: [
    { functions: ['os.WriteFile', 'io/ioutil.WriteFile', 'os.Create'], kind: 'write', what: 'writes a file' },
    { functions: ['os.Remove', 'os.RemoveAll'], kind: 'delete', what: 'deletes a file' },
    { functions: ['os.Truncate'], kind: 'delete', what: 'truncates a file' },
    { functions: ['os.Rename'], kind: 'write', what: 'renames a file' },
    { functions: ['os.Mkdir', 'os.MkdirAll'], kind: 'write', what: 'creates a folder' },
    { functions: ['os.Chmod', 'os.Chown', 'os.Lchown', 'os.Symlink', 'os.Link', 'os.Chtimes'], kind: 'write', what: 'changes a file' },
  ],
  fileMethods: [],
  sqlExecutors: {
    sql: [
      'Exec', 'ExecContext', 'Query', 'QueryContext', 'QueryRow', 'QueryRowContext', 'Prepare', 'PrepareContext', 'MustExec', 'MustExecContext', 'Queryx', 'QueryxContext',
      'QueryRowx', 'QueryRowxContext', 'Get', 'GetContext', 'Select', 'SelectContext', 'NamedExec', 'NamedExecContext', 'NamedQuery', 'NamedQueryContext',
    ],
    orm: ['Exec', 'Raw'],
  },
  storeMethods: [
    { type: 'orm', methods: ['Create', 'CreateInBatches', 'Save', 'Update', 'Updates', 'UpdateColumn', 'UpdateColumns', 'FirstOrCreate'], kind: 'write', what: 'writes rows through the ORM' },
    { type: 'orm', methods: ['Delete'], kind: 'delete', what: 'deletes rows through the ORM' },
    { type: 'store', methods: ['Set', 'SetEx', 'SetNX', 'MSet', 'HSet', 'HMSet', 'LPush', 'RPush', 'SAdd', 'ZAdd', 'Incr', 'IncrBy', 'Decr', 'Expire', 'XAdd', 'Append', 'InsertOne', 'InsertMany', 'UpdateOne', 'UpdateMany', 'UpdateByID', 'BulkWrite', 'Index', 'Create'], kind: 'write', what: 'writes to a data store' },
    { type: 'store', methods: ['Del', 'Unlink', 'HDel', 'SRem', 'ZRem', 'LRem', 'FlushDB', 'FlushAll', 'GetDel', 'DeleteOne', 'DeleteMany', 'ReplaceOne', 'FindOneAndDelete', 'FindOneAndReplace', 'Drop', 'Delete', 'DeleteByQuery'], kind: 'delete', what: 'deletes from a data store' },
  ],
  statementBuilders: [],
  httpFunctions: {
    'net/http.Get': 'GET', 'net/http.Head': 'HEAD', 'net/http.Post': 'POST', 'net/http.PostForm': 'POST', 'net/http.NewRequest': '', 'net/http.NewRequestWithContext': '',
  },
  httpMethods: { Get: 'GET', Head: 'HEAD', Post: 'POST', PostForm: 'POST' },
  messageMethods: [
    { type: 'sdk', methods: ['PostMessage', 'PostMessageContext', 'SendMessage', 'SendEmail', 'Send'], kind: 'write', what: 'sends a message' },
  ],
  messageFunctions: [{ functions: ['net/smtp.SendMail'], kind: 'write', what: 'sends an email' }],
  processFunctions: [
    { functions: ['os/exec.Command'], takes: 'varargs' },
    { functions: ['os/exec.CommandContext'], takes: 'varargs' },
  ],
  evalFunctions: ['github.com/dop251/goja.RunString', 'github.com/traefik/yaegi/interp.Eval', 'github.com/expr-lang/expr.Eval', 'github.com/robertkrimen/otto.Run'],
  telemetryModules: [
    'log', 'log/slog', 'go.uber.org/zap', 'github.com/sirupsen/logrus', 'github.com/rs/zerolog', 'go.opentelemetry.io', 'github.com/prometheus/client_golang',
    'github.com/getsentry/sentry-go', 'github.com/DataDog/datadog-go', 'expvar',
  ],
  sdkModules: ['github.com/aws/aws-sdk-go-v2', 'github.com/aws/aws-sdk-go', 'k8s.io/client-go', 'github.com/google/go-github', 'github.com/slack-go/slack', 'github.com/stripe/stripe-go', 'cloud.google.com/go', 'github.com/Azure/azure-sdk-for-go'],
  pureModules: [
    'fmt.Sprintf', 'fmt.Sprint', 'fmt.Sprintln', 'fmt.Errorf', 'strings', 'strconv', 'bytes', 'errors', 'time', 'context', 'encoding/json', 'encoding/base64', 'encoding/hex',
    'encoding/xml', 'encoding/csv', 'path', 'path/filepath', 'sort', 'slices', 'maps', 'math', 'unicode', 'unicode/utf8', 'regexp', 'sync', 'sync/atomic', 'net/url',
    'crypto', 'crypto/sha256', 'crypto/md5', 'crypto/rand', 'math/rand', 'io', 'bufio', 'html', 'html/template', 'text/template', 'os.ReadFile', 'os.Open', 'os.Stat',
    'os.ReadDir', 'os.Getwd', 'os.Hostname', 'os.Exit', 'os.Executable', 'os.IsNotExist', 'os.IsExist', 'io/ioutil.ReadFile', 'io/ioutil.ReadAll', 'io/ioutil.ReadDir',
    'net/http.NewServeMux', 'net/http.ListenAndServe', 'net/http.DefaultClient', 'net/http.StatusText', 'net/http.Error', 'github.com/modelcontextprotocol/go-sdk',
    'github.com/mark3labs/mcp-go', 'github.com/google/uuid', 'github.com/google/jsonschema-go', 'github.com/spf13/cobra', 'github.com/spf13/viper', 'embed', 'reflect',
    'github.com/aws/aws-sdk-go-v2/config', 'github.com/aws/aws-sdk-go-v2/aws', 'k8s.io/apimachinery', 'k8s.io/client-go/rest', 'k8s.io/client-go/tools/clientcmd',
  ],
  pureFunctions: ['len', 'cap', 'append', 'make', 'new', 'copy', 'delete', 'panic', 'recover', 'min', 'max', 'clear', 'string', 'int', 'int64', 'float64', 'bool', 'byte', 'rune', 'error', 'print', 'println'],
  pureMethods: [
    'Close', 'Error', 'String', 'Err', 'Scan', 'Next', 'Rows', 'Columns', 'Set', 'Add', 'Get', 'Del', 'Encode', 'Header', 'Write', 'WriteString', 'WriteHeader', 'Read',
    'ReadAll', 'Decode', 'Unmarshal', 'Marshal', 'Lock', 'Unlock', 'RLock', 'RUnlock', 'Done', 'Wait', 'Load', 'Store', 'Format', 'Unix', 'Before', 'After', 'Sub',
    'Since', 'Bytes', 'Len', 'Reset', 'Cancel', 'Value', 'Deadline', 'Query', 'Int', 'Bool', 'Float', 'RequireString', 'RequireInt', 'RequireFloat', 'RequireBool',
    'GetString', 'GetInt', 'GetFloat', 'GetBool', 'GetArguments', 'GetStringSlice', 'BindArguments', 'Params', 'Commit', 'Rollback', 'LastInsertId', 'RowsAffected',
    'StructScan', 'MapScan', 'Println', 'Printf', 'Info', 'Infof', 'Debug', 'Debugf', 'Warn', 'Warnf', 'Errorf', 'With',
  ],
  temporaryPaths: ['os.TempDir', 'os.MkdirTemp', 'os.CreateTemp', 'io/ioutil.TempDir', 'io/ioutil.TempFile'],
  environmentReads: ['os.Getenv', 'os.LookupEnv', 'github.com/spf13/viper.GetBool', 'github.com/spf13/viper.GetString'],
  configObjects: ['cfg', 'config', 'conf', 'settings', 'opts', 'options'],
};
