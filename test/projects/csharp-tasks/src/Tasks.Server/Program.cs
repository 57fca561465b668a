using Microsoft.Data.SqlClient;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Tasks.Server.Data;

var builder = Host.CreateApplicationBuilder(args);
builder.Services.AddSingleton(_ => new SqlConnection(builder.Configuration.GetConnectionString("Tasks")));
builder.Services.AddSingleton<TaskRepository>();
builder.Services.AddDbContext<TasksDb>();
builder.Services.AddMcpServer().WithStdioServerTransport().WithToolsFromAssembly();
await builder.Build().RunAsync();
