-- conky helpers for the wallet widget host: the N-th widget's image and its tap targets.
-- Uses `wallet-desktop` for the manifest (no JSON parser in conky's Lua).

local shown = { number = 1, sha = nil, width = 0, height = 0 }

local function run(command)
    local pipe = io.popen(command)
    local output = pipe:read('*a')
    pipe:close()
    return output
end

-- ${lua_parse wallet_image N}: an ${image} of widget N at its point size, re-read (-n: not
-- cached) only when its sha256 changed.
function conky_wallet_image(number)
    shown.number = tonumber(number) or 1
    local path = run('wallet-desktop path ' .. shown.number):match('^[^\n]+')
    if not path then return 'wallet: no widget ' .. shown.number end
    local info = run('wallet-desktop info ' .. shown.number)
    local sha, width, height = info:match('(%x+) (%d+) (%d+)')
    if not sha then return 'wallet: widget ' .. shown.number .. ' has no snapshot yet' end
    local fresh = sha ~= shown.sha
    shown.sha, shown.width, shown.height = sha, tonumber(width), tonumber(height)
    return string.format('${image %s -p 0,0 -s %dx%d%s}', path, shown.width, shown.height, fresh and ' -n' or '')
end

-- A left click inside the image opens what a tap there opens (xdg-open wallet://card/<id>).
function conky_wallet_click(event)
    if event.type ~= 'button_down' or event.button ~= 1 then return false end
    if event.x < 0 or event.y < 0 or event.x >= shown.width or event.y >= shown.height then return false end
    os.execute(string.format('wallet-desktop open %d %d %d &', shown.number, event.x, event.y))
    return true
end
