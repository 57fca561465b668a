-- Neovim 0.7 as a real LSP client of mcp-tool-lint. Run on one file:
--   MTL_SERVER_JS=dist/server.js MTL_PLAN=plan.json MTL_OUT=result.json nvim --headless -u lsp-check.lua FILE
-- It attaches `node dist/server.js --stdio` to the buffer, waits for diagnostics, then (as the plan says)
-- asks for hovers (a flag, a tool's name, a name that is no tool's) and a completion, takes the preferred quick-fix for one diagnostic code, applies
-- its edit with Neovim's own apply_workspace_edit, waits for the republished diagnostics, and writes
-- everything it saw as JSON. The node test (nvim.test.ts) compares it; this script asserts nothing.

-- Skip the python3/node/ruby/perl provider probes (5 s on opening a .py file).
for _, provider in ipairs({ 'python3', 'node', 'ruby', 'perl' }) do
  vim.g['loaded_' .. provider .. '_provider'] = 0
end

local out_path = os.getenv('MTL_OUT')
local plan = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv('MTL_PLAN')), '\n'))
local wait_ms = tonumber(os.getenv('MTL_WAIT_MS') or '15000')
local result = { steps = {} }

local function write_and_quit(code)
  vim.fn.writefile({ vim.fn.json_encode(result) }, out_path)
  vim.cmd(code == 0 and 'qall!' or ('cquit ' .. code))
end

local function ours(buf, client_id)
  return vim.diagnostic.get(buf, { namespace = vim.lsp.diagnostic.get_namespace(client_id) })
end

local function shown(diagnostics)
  local list = {}
  for _, d in ipairs(diagnostics) do
    table.insert(list, {
      line = d.lnum, character = d.col, endLine = d.end_lnum, endCharacter = d.end_col,
      severity = d.severity, code = d.code, source = d.source, message = d.message,
    })
  end
  table.sort(list, function(a, b) return a.line < b.line or (a.line == b.line and a.character < b.character) end)
  return list
end

local function request(buf, method, params)
  local responses, err = vim.lsp.buf_request_sync(buf, method, params, wait_ms)
  if not responses then error(method .. ': ' .. tostring(err)) end
  for _, response in pairs(responses) do
    if response.error then error(method .. ': ' .. vim.inspect(response.error)) end
    return response.result
  end
end

local function position_params(buf, at)
  return { textDocument = vim.lsp.util.make_text_document_params(buf), position = at }
end

local function check(buf, client_id)
  local client = vim.lsp.get_client_by_id(client_id)
  vim.wait(wait_ms, function() return client.initialized and client.server_capabilities ~= nil end, 20)
  if not client.server_capabilities then error('the server did not initialize') end
  result.capabilities = {
    hover = client.server_capabilities.hoverProvider and true or false,
    completion = client.server_capabilities.completionProvider ~= nil,
    codeAction = client.server_capabilities.codeActionProvider and true or false,
  }

  vim.wait(wait_ms, function() return #ours(buf, client_id) > 0 end, 20)
  result.diagnostics = shown(ours(buf, client_id))
  table.insert(result.steps, 'diagnostics')

  if plan.hover and result.capabilities.hover then
    local hover = request(buf, 'textDocument/hover', position_params(buf, plan.hover))
    result.hover = hover and hover.contents
    table.insert(result.steps, 'hover')
  end

  -- A tool's card on its name, and what Neovim's hover float shows of it; nothing on a name that is no tool's.
  if plan.cardHover and result.capabilities.hover then
    local card = request(buf, 'textDocument/hover', position_params(buf, plan.cardHover))
    result.cardHover = card and card.contents or vim.NIL
    if card then
      local lines = vim.lsp.util.trim_empty_lines(vim.lsp.util.convert_input_to_markdown_lines(card.contents))
      result.cardShown = vim.lsp.util.stylize_markdown(vim.api.nvim_create_buf(false, true), lines, {})
    end
    local plain = request(buf, 'textDocument/hover', position_params(buf, plan.plainHover))
    result.plainHover = plain and plain.contents or vim.NIL
    table.insert(result.steps, 'card')
  end

  if plan.completion and result.capabilities.completion then
    local completion = request(buf, 'textDocument/completion', position_params(buf, plan.completion))
    local items = completion and (completion.items or completion) or {}
    result.completion = {}
    for _, item in ipairs(items) do table.insert(result.completion, item.label) end
    table.insert(result.steps, 'completion')
  end

  if plan.codeAction and result.capabilities.codeAction then
    local target
    for _, d in ipairs(ours(buf, client_id)) do
      if d.code == plan.codeAction.code then target = d end
    end
    if not target then error('no diagnostic ' .. plan.codeAction.code) end
    -- Neovim's own conversion back to an LSP diagnostic (with its range), as `vim.lsp.buf.code_action` sends it.
    local lsp_diagnostic
    for _, d in ipairs(vim.lsp.diagnostic.get_line_diagnostics(buf, target.lnum, {}, client_id)) do
      if d.code == plan.codeAction.code then lsp_diagnostic = d end
    end
    local actions = request(buf, 'textDocument/codeAction', {
      textDocument = vim.lsp.util.make_text_document_params(buf),
      range = lsp_diagnostic.range,
      context = { diagnostics = { lsp_diagnostic } },
    }) or {}
    result.codeActions = {}
    local chosen
    for _, action in ipairs(actions) do
      table.insert(result.codeActions, { title = action.title, kind = action.kind, isPreferred = action.isPreferred or false })
      if action.isPreferred and not chosen then chosen = action end
    end
    if not chosen then error('no preferred code action among ' .. vim.inspect(result.codeActions)) end
    if not chosen.edit then chosen = request(buf, 'codeAction/resolve', chosen) end
    result.applied = chosen.title
    local before = vim.b[buf].changedtick
    vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding or 'utf-16')
    result.textAfterFix = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
    -- The server republishes for the edited version; wait until the fixed diagnostic is gone.
    vim.wait(wait_ms, function()
      if vim.b[buf].changedtick == before then return false end
      for _, d in ipairs(ours(buf, client_id)) do
        if d.code == plan.codeAction.code then return false end
      end
      return true
    end, 20)
    result.diagnosticsAfterFix = shown(ours(buf, client_id))
    table.insert(result.steps, 'codeAction')
  end
end

vim.api.nvim_create_autocmd('VimEnter', {
  once = true,
  callback = function()
    -- A deadline that always writes what was gathered and quits, whatever hangs.
    vim.defer_fn(function()
      result.error = 'deadline passed'
      write_and_quit(3)
    end, 4 * wait_ms)
    local ok, err = pcall(function()
      local buf = vim.api.nvim_get_current_buf()
      local client_id = vim.lsp.start_client({
        name = 'mcp-tool-lint',
        cmd = { 'node', os.getenv('MTL_SERVER_JS'), '--stdio' },
        root_dir = vim.fn.getcwd(),
        settings = { mcpToolLint = { enable = true, profile = 'recommended' } },
      })
      if not client_id then error('the server did not start') end
      vim.lsp.buf_attach_client(buf, client_id)
      check(buf, client_id)
      vim.lsp.stop_client(client_id)
    end)
    if not ok then result.error = tostring(err) end
    write_and_quit(ok and 0 or 2)
  end,
})
