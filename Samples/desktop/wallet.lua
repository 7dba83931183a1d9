-- conky helpers for the wallet widget host: the N-th widget's image at its pixel size, and clicks.
-- Each update reads manifest.json (a few KB, no process started) and parses it only when its
-- text changed; the image is re-read from disk only when its sha256 changed. A click runs
-- `wallet-desktop open N X Y` once (X, Y in points), which opens the card or presses the button.

local shown = { number = 1, manifest = nil, widget = nil, text = '' }

local function directory()
    local runtime = os.getenv('XDG_RUNTIME_DIR') or '/tmp'
    return os.getenv('WALLET_WIDGETS_DIR') or (runtime .. '/wallet-widgets')
end

-- A small JSON reader (the manifest is JSON; conky's Lua has no parser).
local function decode(text)
    local position = 1
    local value
    local function skip() position = text:find('[^ \t\r\n]', position) or #text + 1 end
    local escapes = { b = '\b', f = '\f', n = '\n', r = '\r', t = '\t' }
    local function string_value()
        local parts = {}
        position = position + 1
        while true do
            local stop = text:find('["\\]', position)
            if not stop then error('unterminated string') end
            parts[#parts + 1] = text:sub(position, stop - 1)
            if text:sub(stop, stop) == '"' then position = stop + 1; return table.concat(parts) end
            local escape = text:sub(stop + 1, stop + 1)
            if escape == 'u' then
                parts[#parts + 1] = utf8.char(tonumber(text:sub(stop + 2, stop + 5), 16))
                position = stop + 6
            else
                parts[#parts + 1] = escapes[escape] or escape
                position = stop + 2
            end
        end
    end
    function value()
        skip()
        local first = text:sub(position, position)
        if first == '{' or first == '[' then
            local result, closing = {}, first == '{' and '}' or ']'
            position = position + 1
            skip()
            if text:sub(position, position) == closing then position = position + 1; return result end
            while true do
                if first == '{' then
                    skip()
                    local key = string_value()
                    skip()
                    position = position + 1 -- ':'
                    result[key] = value()
                else
                    result[#result + 1] = value()
                end
                skip()
                local separator = text:sub(position, position)
                position = position + 1
                if separator == closing then return result end
                if separator ~= ',' then error('expected , or ' .. closing) end
            end
        elseif first == '"' then
            return string_value()
        end
        local literal = text:match('^[%w%.%-+]+', position)
        if not literal then error('unexpected ' .. first) end
        position = position + #literal
        if literal == 'true' then return true elseif literal == 'false' then return false
        elseif literal == 'null' then return nil end
        return tonumber(literal) or error('bad literal ' .. literal)
    end
    return value()
end

local function read(path)
    local file = io.open(path, 'rb')
    if not file then return nil end
    local text = file:read('a')
    file:close()
    return text
end

-- ${lua_parse wallet_image N}: widget N's ${image} at its pixel size (never scaled down), with
-- room made for it in conky's window; read from disk only when the snapshot changed.
function conky_wallet_image(number)
    shown.number = tonumber(number) or 1
    local text = read(directory() .. '/manifest.json')
    if not text then return 'wallet: no manifest in ' .. directory() .. ' (is the widget host running?)' end
    if text == shown.manifest then return shown.text end
    local ok, manifest = pcall(decode, text)
    local widget = ok and type(manifest) == 'table' and manifest.widgets and manifest.widgets[shown.number]
    if not widget then return 'wallet: no widget ' .. shown.number .. ' in ' .. directory() end
    local fresh = not shown.widget or shown.widget.sha256 ~= widget.sha256
    shown.manifest, shown.widget = text, widget
    -- conky's imlib2 cache keys images by path and does not look at the file again: each new
    -- snapshot is named by the other of two spellings of its path (not in the cache, so read
    -- now), and the spelling shown before is dropped from the cache (-n, drawn 1x1 underneath).
    local dropped = ''
    if fresh then
        if shown.path then dropped = string.format('${image %s -p 0,0 -s 1x1 -n}', shown.path) end
        shown.variant = 1 - (shown.variant or 1)
        shown.path = widget.file:gsub('/([^/]*)$', shown.variant == 1 and '/./%1' or '/%1')
    end
    -- ${voffset} and ${offset} size the window to the image: conky does not count images.
    shown.text = string.format('${image %s -p 0,0 -s %dx%d}${voffset %d}${offset %d}',
        shown.path, widget.width, widget.height, widget.height, widget.width)
    return dropped .. shown.text
end

-- A left click inside the image: what a tap there does. conky 1.18 calls the hook by the name
-- lua_mouse_hook gives, later releases with the conky_ prefix: both names are defined.
function conky_wallet_click(event)
    local widget = shown.widget
    if not widget or event.type ~= 'button_down' or (event.button ~= 1 and event.button ~= 'left') then return false end
    local origin_x = conky_window and conky_window.text_start_x or 0
    local origin_y = conky_window and conky_window.text_start_y or 0
    local x, y = event.x - origin_x, event.y - origin_y
    if x < 0 or y < 0 or x >= widget.width or y >= widget.height then return false end
    os.execute(string.format('wallet-desktop open %d %.2f %.2f &', shown.number, x / widget.scale, y / widget.scale))
    return true
end
wallet_click = conky_wallet_click
