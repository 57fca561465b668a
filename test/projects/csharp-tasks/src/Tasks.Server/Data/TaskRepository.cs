using Dapper;
using Microsoft.Data.SqlClient;

namespace Tasks.Server.Data;

/// <summary>Reads and writes tasks with Dapper and plain commands.</summary>
public sealed class TaskRepository
{
    private readonly SqlConnection _connection;

    public TaskRepository(SqlConnection connection)
    {
        _connection = connection;
    }

    public async Task<IReadOnlyList<TaskItem>> ListAsync(bool done)
    {
        var rows = await _connection.QueryAsync<TaskItem>("SELECT id, title, done FROM tasks WHERE done = @done", new { done });
        return rows.ToList();
    }

    public Task<int> CompleteAsync(int id) =>
        _connection.ExecuteAsync("UPDATE tasks SET done = 1 WHERE id = @id", new { id });

    public async Task PurgeAsync(int id)
    {
        using var command = new SqlCommand("DELETE FROM tasks WHERE id = @id", _connection);
        command.Parameters.AddWithValue("@id", id);
        await command.ExecuteNonQueryAsync();
    }

    public async Task<object?> RunReportAsync(string sql)
    {
        using var command = _connection.CreateCommand();
        command.CommandText = sql;
        return await command.ExecuteScalarAsync();
    }

    public async Task<int> CountAsync(string sql)
    {
        if (!sql.TrimStart().StartsWith("SELECT", StringComparison.OrdinalIgnoreCase))
        {
            throw new InvalidOperationException("Only SELECT is allowed.");
        }
        return await _connection.ExecuteScalarAsync<int>(sql);
    }
}
