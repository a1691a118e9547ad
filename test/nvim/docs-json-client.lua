-- Drives the docs.json language server from headless Neovim 0.7 (vim.lsp.start_client; 0.7 has no vim.lsp.start).
-- Writes what the editor received to $OUT as JSON, then quits. Paths and the position come from the environment.
local result = { diagnostics = {}, completion = vim.NIL, hover = vim.NIL }

local function finish()
  local file = assert(io.open(os.getenv('OUT'), 'w'))
  file:write(vim.fn.json_encode(result))
  file:close()
  vim.cmd('qa!')
end

local ok, failure = pcall(function()
  local client_id = vim.lsp.start_client({
    name = 'docs-json',
    cmd = { os.getenv('NODE'), os.getenv('DOCS_SERVER'), '--stdio' },
    root_dir = os.getenv('DOCS_ROOT'),
    settings = { docsJson = { severity = { ['duplicate-page'] = 'off' } } },
    handlers = {
      ['textDocument/publishDiagnostics'] = function(err, params, ctx, config)
        table.insert(result.diagnostics, params)
        vim.lsp.diagnostic.on_publish_diagnostics(err, params, ctx, config)
      end,
    },
  })
  assert(client_id, 'the language server did not start')
  local bufnr = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(bufnr, client_id)
  local uri = vim.uri_from_bufnr(bufnr)
  result.uri = uri

  result.got_diagnostics = vim.wait(15000, function()
    for _, params in ipairs(result.diagnostics) do
      if params.uri == uri and #params.diagnostics > 0 then return true end
    end
    return false
  end, 20)

  local position = { line = tonumber(os.getenv('LINE')), character = tonumber(os.getenv('COL')) }
  local params = { textDocument = { uri = uri }, position = position }
  for _, response in pairs(vim.lsp.buf_request_sync(bufnr, 'textDocument/completion', params, 15000) or {}) do
    result.completion = response.result or vim.NIL
    result.completion_error = response.err
  end
  -- What the editor itself shows: the diagnostics vim.diagnostic holds for the buffer.
  result.buffer_diagnostics = vim.tbl_map(function(d) return { message = d.message, lnum = d.lnum } end, vim.diagnostic.get(bufnr))
  vim.lsp.stop_client(client_id)
end)
if not ok then result.error = tostring(failure) end
finish()
