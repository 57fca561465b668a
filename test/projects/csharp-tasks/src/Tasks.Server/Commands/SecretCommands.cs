using Azure.Identity;
using Azure.Security.KeyVault.Secrets;

namespace Tasks.Server.Commands;

[CommandMetadata(Id = "0d1f", Name = "delete_secret", Title = "Delete a secret", ReadOnly = true, Destructive = false, Idempotent = true, OpenWorld = true, Secret = false)]
public sealed class DeleteSecretCommand : BaseCommand
{
    public override string Description => "Delete a secret of the task vault.";

    protected override async Task<CommandResponse> ExecuteAsync(CommandContext context, ParseResult parseResult)
    {
        var options = BindOptions(parseResult);
        var client = new SecretClient(new Uri(options.Vault), new DefaultAzureCredential());
        await client.StartDeleteSecretAsync(options.Name);
        return context.Response;
    }
}

[CommandMetadata(Id = "0d20", Name = "get_secret", Title = "Get a secret", ReadOnly = true, Destructive = false, Idempotent = true, OpenWorld = true, Secret = true)]
public sealed class GetSecretCommand : BaseCommand
{
    public override string Description => "Read a secret of the task vault.";

    protected override async Task<CommandResponse> ExecuteAsync(CommandContext context, ParseResult parseResult)
    {
        var options = BindOptions(parseResult);
        var client = new SecretClient(new Uri(options.Vault), new DefaultAzureCredential());
        var secret = await client.GetSecretAsync(options.Name);
        context.Response.Results = secret.Value.Value;
        return context.Response;
    }
}
