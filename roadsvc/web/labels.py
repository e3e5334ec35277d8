"""Every word the pit boss's pages show, in the languages of the road images (zh-Hans, zh-Hant, en).

Kept as data: a template asks `t("key")`, and a test checks every language has every key.
Good-road names come from the domain in simplified Chinese and English; traditional
Chinese is derived by the small character map below (the names use few characters).
"""

from __future__ import annotations

from roadsvc.domain.baccarat.roads.good_roads import GoodRoad

LANGUAGES = ("zh-Hans", "zh-Hant", "en")
DEFAULT_LANGUAGE = "zh-Hans"

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "next_hand": "Next hand", "bet": "Bet", "ev": "EV", "house_edge": "House edge", "positive_ev": "Positive EV", "bets_open": "open", "bets_closed": "closed", "ev_chart": "EV of every bet before each hand",
        "floor": "Floor", "login": "Sign in", "logout": "Sign out", "key": "Pit boss key",
        "login_help": "Enter a pit boss or admin key once; the browser keeps a signed session, never the key.",
        "wrong_key": "This key is unknown, revoked or expired.", "low_key": "This is a {role} key: the floor needs a pit boss or admin key.",
        "logged_out": "Signed out.", "session_expired": "Please sign in.",
        "dealing": "dealing", "stale": "stale", "ending": "ending", "idle": "idle",
        "shoe": "Shoe", "hands": "Hands", "cards_left": "Cards left", "no_shoe": "No open shoe",
        "recent": "Last results", "good_roads": "Good roads", "alerts": "Alerts", "open_alerts": "Open alerts",
        "info": "info", "warning": "warning", "critical": "critical", "open": "open", "acknowledged": "acknowledged",
        "resolved": "resolved", "acknowledge": "Acknowledge", "resolve": "Resolve", "note": "Note",
        "no_alerts": "No open alerts.", "filters": "Filters", "status": "Status", "severity": "Alert severity",
        "any": "any", "with_good_roads": "Only tables with good roads", "apply": "Apply",
        "live": "live", "reconnecting": "reconnecting", "polling": "polling", "stream": "stream",
        "theme": "Theme", "light": "light", "dark": "dark", "language": "Language",
        "table": "Table", "scoreboard": "Scoreboard", "statistics": "Shoe statistics", "audit": "Audit log",
        "banker": "Banker", "player": "Player", "tie": "Tie", "banker_pair": "Banker pair",
        "player_pair": "Player pair", "natural": "Natural", "voids": "Voids", "corrections": "Corrections",
        "longest": "Longest run", "streak": "Current streak", "pace": "Hands per hour", "last_hand": "Last hand",
        "number": "No.", "result": "Result", "cards": "Cards", "totals": "Totals", "time": "Time",
        "voided": "voided", "action": "Action", "actor": "By", "reason": "Reason", "no_hands": "No hands yet.",
        "no_audit": "Nothing audited yet.", "odds": "Shoe integrity odds", "back": "All tables",
        "raised": "raised", "seen": "seen", "times": "×", "tables": "Tables", "done": "Done.",
        "refused": "Refused", "skip": "Skip to the alerts", "shown": "shown",
    },
    "zh-Hans": {
        "next_hand": "下一局", "bet": "投注", "ev": "期望值", "house_edge": "庄家优势", "positive_ev": "正期望值", "bets_open": "开放", "bets_closed": "关闭", "ev_chart": "每局之前各投注的期望值",
        "floor": "赌场大厅", "login": "登录", "logout": "退出", "key": "巡场密钥",
        "login_help": "输入一次巡场或管理员密钥；浏览器只保存签名会话，不保存密钥。",
        "wrong_key": "密钥无效、已吊销或已过期。", "low_key": "这是 {role} 密钥：大厅页面需要巡场或管理员密钥。",
        "logged_out": "已退出。", "session_expired": "请登录。",
        "dealing": "发牌中", "stale": "停滞", "ending": "将结束", "idle": "空闲",
        "shoe": "靴", "hands": "局数", "cards_left": "剩余牌数", "no_shoe": "没有开着的牌靴",
        "recent": "最近结果", "good_roads": "好路", "alerts": "警报", "open_alerts": "未处理警报",
        "info": "提示", "warning": "警告", "critical": "严重", "open": "未处理", "acknowledged": "已确认",
        "resolved": "已解决", "acknowledge": "确认", "resolve": "解决", "note": "备注",
        "no_alerts": "没有未处理的警报。", "filters": "筛选", "status": "状态", "severity": "警报级别",
        "any": "全部", "with_good_roads": "只看有好路的台", "apply": "应用",
        "live": "实时", "reconnecting": "重新连接中", "polling": "轮询", "stream": "推送",
        "theme": "主题", "light": "浅色", "dark": "深色", "language": "语言",
        "table": "台", "scoreboard": "路单", "statistics": "牌靴统计", "audit": "审计记录",
        "banker": "庄", "player": "闲", "tie": "和", "banker_pair": "庄对", "player_pair": "闲对",
        "natural": "天牌", "voids": "作废", "corrections": "更正", "longest": "最长连", "streak": "当前连",
        "pace": "每小时局数", "last_hand": "最后一局", "number": "局号", "result": "结果", "cards": "牌",
        "totals": "点数", "time": "时间", "voided": "已作废", "action": "操作", "actor": "操作人",
        "reason": "原因", "no_hands": "还没有牌局。", "no_audit": "没有审计记录。", "odds": "牌靴完整性概率",
        "back": "所有台", "raised": "发出", "seen": "出现", "times": "次", "tables": "台数", "done": "完成。",
        "refused": "被拒绝", "skip": "跳到警报", "shown": "显示",
    },
    "zh-Hant": {
        "next_hand": "下一局", "bet": "投注", "ev": "期望值", "house_edge": "莊家優勢", "positive_ev": "正期望值", "bets_open": "開放", "bets_closed": "關閉", "ev_chart": "每局之前各投注的期望值",
        "floor": "賭場大廳", "login": "登入", "logout": "登出", "key": "巡場密鑰",
        "login_help": "輸入一次巡場或管理員密鑰；瀏覽器只保存簽名會話，不保存密鑰。",
        "wrong_key": "密鑰無效、已吊銷或已過期。", "low_key": "這是 {role} 密鑰：大廳頁面需要巡場或管理員密鑰。",
        "logged_out": "已登出。", "session_expired": "請登入。",
        "dealing": "發牌中", "stale": "停滯", "ending": "將結束", "idle": "空閒",
        "shoe": "靴", "hands": "局數", "cards_left": "剩餘牌數", "no_shoe": "沒有開著的牌靴",
        "recent": "最近結果", "good_roads": "好路", "alerts": "警報", "open_alerts": "未處理警報",
        "info": "提示", "warning": "警告", "critical": "嚴重", "open": "未處理", "acknowledged": "已確認",
        "resolved": "已解決", "acknowledge": "確認", "resolve": "解決", "note": "備註",
        "no_alerts": "沒有未處理的警報。", "filters": "篩選", "status": "狀態", "severity": "警報級別",
        "any": "全部", "with_good_roads": "只看有好路的台", "apply": "套用",
        "live": "即時", "reconnecting": "重新連線中", "polling": "輪詢", "stream": "推送",
        "theme": "主題", "light": "淺色", "dark": "深色", "language": "語言",
        "table": "台", "scoreboard": "路單", "statistics": "牌靴統計", "audit": "稽核紀錄",
        "banker": "莊", "player": "閒", "tie": "和", "banker_pair": "莊對", "player_pair": "閒對",
        "natural": "天牌", "voids": "作廢", "corrections": "更正", "longest": "最長連", "streak": "目前連",
        "pace": "每小時局數", "last_hand": "最後一局", "number": "局號", "result": "結果", "cards": "牌",
        "totals": "點數", "time": "時間", "voided": "已作廢", "action": "操作", "actor": "操作人",
        "reason": "原因", "no_hands": "還沒有牌局。", "no_audit": "沒有稽核紀錄。", "odds": "牌靴完整性機率",
        "back": "所有台", "raised": "發出", "seen": "出現", "times": "次", "tables": "台數", "done": "完成。",
        "refused": "被拒絕", "skip": "跳到警報", "shown": "顯示",
    },
}

_TRADITIONAL = str.maketrans({"长": "長", "庄": "莊", "闲": "閒", "厅": "廳", "两": "兩", "房": "房", "单": "單",
                              "跳": "跳", "黐": "黐", "隔": "隔"})


def check_language(language: str | None) -> str:
    return language if language in LANGUAGES else DEFAULT_LANGUAGE


def label(language: str, key: str, **values: str) -> str:
    text = LABELS[language][key]
    return text.format(**values) if values else text


def good_road_name(language: str, road: GoodRoad) -> str:
    """A good road's name in `language` (the domain gives zh-Hans and English)."""
    if language == "en":
        return road.name_en
    return road.name if language == "zh-Hans" else road.name.translate(_TRADITIONAL)
