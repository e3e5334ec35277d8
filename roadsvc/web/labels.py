"""Every word the pit boss's pages show, in the languages of the road images (zh-Hans, zh-Hant, en).

Kept as data: a template asks `t("key")`, and a test checks every language has every key.
Good-road names come from the domain in simplified Chinese and English; traditional
Chinese is derived by the small character map of roadsvc.domain.texts. Alert and bet
titles and messages come from their catalogues (roadsvc.domain.monitoring.texts,
roadsvc.domain.texts.bet_title), exposed to templates by the blueprint.
"""

from __future__ import annotations

from roadsvc.domain.baccarat.roads.good_roads import GoodRoad

from roadsvc.domain.texts import DEFAULT_LANGUAGE, LANGUAGES, traditional

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "next_hand": "Next hand", "bet": "Bet", "ev": "EV", "house_edge": "House edge", "positive_ev": "Positive EV", "bets_open": "open", "bets_closed": "closed", "ev_chart": "EV of every bet before each hand",
        "floor": "Floor", "login": "Sign in", "logout": "Sign out", "logout_everywhere": "Sign out everywhere", "key": "Pit boss key",
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
        "raised": "raised", "seen": "seen", "times": "×", "last_seen": "last seen", "seen_times": "seen {n} times", "tables": "Tables", "done": "Done.",
        "refused": "Refused", "skip": "Skip to the alerts", "shown": "shown",
        "sound": "Sound for new critical alerts", "of_which_acknowledged": "acknowledged:",
        "win": "House win", "turnover": "Turnover", "hold": "Hold", "expected_hold": "Expected hold",
        "shift": "Shift", "sort": "Sort", "by_name": "by table", "by_win": "by win", "by_turnover": "by turnover",
        "by_hold": "by hold", "bets_count": "Bets", "accounts": "Accounts", "largest_bet": "Largest bet",
        "largest_win": "Largest win", "by_bet": "Turnover by bet", "money": "Money", "shoe_money": "This shoe's money",
        "shift_money": "This shift at this table", "running_win": "The house's win, hand by hand",
        "current_bets": "Bets on hand {number}", "no_bets": "No bets.", "pit_notes": "Pit notes",
        "add_note": "Add a note", "note_on_shoe": "about this shoe", "no_notes": "No notes yet.",
        "report": "Shift report", "time_zone": "Time zone",
        "mode_standard": "Standard", "mode_vip": "VIP", "mode_squeeze": "Squeeze", "charter": "Charter",
        "held_hand": "Hand {n} held", "opens_by": "opens at its deadline", "opens_in": "opens in {t}", "asked_change_dealer": "New dealer asked",
        "asked_change_shoe": "New shoe asked", "dealer_changed": "Dealer changed", "corrected": "corrected",
        "too_many": "Too many attempts", "try_later": "Wait a moment, then sign in again.",
        "audit_void": "Voided", "audit_correct": "Corrected", "audit_pit_note": "Pit note",
        "audit_alert_acknowledged": "Alert acknowledged", "audit_alert_resolved": "Alert resolved",
        "audit_cancel_round": "Round cancelled", "audit_open": "Held hand opened", "audit_auto_open": "Held hand opened at its deadline",
    },
    "zh-Hans": {
        "next_hand": "下一局", "bet": "投注", "ev": "期望值", "house_edge": "庄家优势", "positive_ev": "正期望值", "bets_open": "开放", "bets_closed": "关闭", "ev_chart": "每局之前各投注的期望值",
        "floor": "赌场大厅", "login": "登录", "logout": "退出", "logout_everywhere": "全部设备退出", "key": "巡场密钥",
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
        "back": "所有台", "raised": "发出", "seen": "出现", "times": "次", "last_seen": "最近出现", "seen_times": "共出现 {n} 次", "tables": "台数", "done": "完成。",
        "refused": "被拒绝", "skip": "跳到警报", "shown": "显示",
        "sound": "新严重警报提示音", "of_which_acknowledged": "其中已确认：",
        "win": "庄家赢额", "turnover": "投注额", "hold": "赢率", "expected_hold": "预期赢率",
        "shift": "班次", "sort": "排序", "by_name": "按台", "by_win": "按赢额", "by_turnover": "按投注额",
        "by_hold": "按赢率", "bets_count": "注数", "accounts": "账户数", "largest_bet": "最大单注",
        "largest_win": "最大赢额", "by_bet": "各投注的投注额", "money": "金额", "shoe_money": "本靴金额",
        "shift_money": "本台本班", "running_win": "庄家逐局累计赢额",
        "current_bets": "第 {number} 局的投注", "no_bets": "没有投注。", "pit_notes": "巡场备注",
        "add_note": "添加备注", "note_on_shoe": "关于本靴", "no_notes": "还没有备注。",
        "report": "班次报告", "time_zone": "时区",
        "mode_standard": "普通", "mode_vip": "包台", "mode_squeeze": "咪牌", "charter": "包台客人",
        "held_hand": "第 {n} 局待开牌", "opens_by": "到时自动开牌", "opens_in": "{t} 后开牌", "asked_change_dealer": "要求换荷官",
        "asked_change_shoe": "要求换靴", "dealer_changed": "已换荷官", "corrected": "已更正",
        "too_many": "尝试次数过多", "try_later": "请稍候再登录。",
        "audit_void": "作废", "audit_correct": "更正", "audit_pit_note": "巡场备注",
        "audit_alert_acknowledged": "警报已确认", "audit_alert_resolved": "警报已解决",
        "audit_cancel_round": "本局取消", "audit_open": "开牌", "audit_auto_open": "到时自动开牌",
    },
    "zh-Hant": {
        "next_hand": "下一局", "bet": "投注", "ev": "期望值", "house_edge": "莊家優勢", "positive_ev": "正期望值", "bets_open": "開放", "bets_closed": "關閉", "ev_chart": "每局之前各投注的期望值",
        "floor": "賭場大廳", "login": "登入", "logout": "登出", "logout_everywhere": "所有裝置登出", "key": "巡場密鑰",
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
        "back": "所有台", "raised": "發出", "seen": "出現", "times": "次", "last_seen": "最近出現", "seen_times": "共出現 {n} 次", "tables": "台數", "done": "完成。",
        "refused": "被拒絕", "skip": "跳到警報", "shown": "顯示",
        "sound": "新嚴重警報提示音", "of_which_acknowledged": "其中已確認：",
        "win": "莊家贏額", "turnover": "投注額", "hold": "贏率", "expected_hold": "預期贏率",
        "shift": "班次", "sort": "排序", "by_name": "按台", "by_win": "按贏額", "by_turnover": "按投注額",
        "by_hold": "按贏率", "bets_count": "注數", "accounts": "帳戶數", "largest_bet": "最大單注",
        "largest_win": "最大贏額", "by_bet": "各投注的投注額", "money": "金額", "shoe_money": "本靴金額",
        "shift_money": "本台本班", "running_win": "莊家逐局累計贏額",
        "current_bets": "第 {number} 局的投注", "no_bets": "沒有投注。", "pit_notes": "巡場備註",
        "add_note": "新增備註", "note_on_shoe": "關於本靴", "no_notes": "還沒有備註。",
        "report": "班次報告", "time_zone": "時區",
        "mode_standard": "普通", "mode_vip": "包台", "mode_squeeze": "咪牌", "charter": "包台客人",
        "held_hand": "第 {n} 局待開牌", "opens_by": "到時自動開牌", "opens_in": "{t} 後開牌", "asked_change_dealer": "要求換荷官",
        "asked_change_shoe": "要求換靴", "dealer_changed": "已換荷官", "corrected": "已更正",
        "too_many": "嘗試次數過多", "try_later": "請稍候再登入。",
        "audit_void": "作廢", "audit_correct": "更正", "audit_pit_note": "巡場備註",
        "audit_alert_acknowledged": "警報已確認", "audit_alert_resolved": "警報已解決",
        "audit_cancel_round": "本局取消", "audit_open": "開牌", "audit_auto_open": "到時自動開牌",
    },
}

# 打棒's words on the floor's tile, the table and match pages and the bracket (roadsvc.web.dabang_pages).
DABANG_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "dabang": "打棒", "dabang_deal": "Deal", "dabang_phase": "Phase", "dabang_trick": "Trick",
        "dabang_points": "Points", "dabang_time_left": "Time left", "dabang_time_label": "{t}",
        "dabang_dealer": "打家", "dabang_trump": "Trump", "dabang_level": "Level", "dabang_team": "Team",
        "dabang_no_match": "No match yet.", "dabang_between_deals": "between deals",
        "dabang_phase_declaring": "declaring", "dabang_phase_burying": "burying",
        "dabang_phase_burying_jokers": "jokers to the bottom", "dabang_phase_playing": "playing",
        "dabang_won": "Team {team} won", "dabang_how_passed_ten": "passed 10", "dabang_how_time_limit": "time limit",
        "dabang_how_zero_points": "zero points", "dabang_how_four_hundred_points": "400 points",
        "dabang_how_three_jokers": "three jokers", "dabang_how_bye": "bye", "dabang_tournament": "Tournament",
        "dabang_tournaments": "打棒 tournaments", "dabang_bracket": "Bracket", "dabang_round": "Round {n}",
        "dabang_final": "Final", "dabang_champion": "Champion", "dabang_tbd": "to be decided",
        "dabang_match_link": "Match {id}", "dabang_road": "Match road", "dabang_deals": "Deals",
        "dabang_earlier": "Matches at this table", "dabang_no_deals": "No deal finished yet.",
        "dabang_kou_di": "抠底 (scorers took the last trick)", "dabang_bao_di": "保底", "dabang_dry_pot": "干锅",
        "dabang_blood": "Blood", "dabang_levels_after": "Levels after", "dabang_seat": "Seat {n}",
        "dabang_hidden_note": "These pages never show a seat's hand or a hidden bottom.",
        "dabang_no_tournaments": "No tournament yet.", "dabang_in_play": "in play", "dabang_at_table": "at {table}",
        "dabang_redeal": "redeal", "dabang_teams": "Teams",
        "dabang_seats": "Seats", "dabang_current_trick": "This trick", "dabang_last_trick": "Last trick",
    },
    "zh-Hans": {
        "dabang": "打棒", "dabang_deal": "局", "dabang_phase": "阶段", "dabang_trick": "墩",
        "dabang_points": "得分", "dabang_time_left": "剩余时间", "dabang_time_label": "{t}",
        "dabang_dealer": "打家", "dabang_trump": "主", "dabang_level": "级", "dabang_team": "队",
        "dabang_no_match": "还没有比赛。", "dabang_between_deals": "等待下一局",
        "dabang_phase_declaring": "亮主", "dabang_phase_burying": "埋底", "dabang_phase_burying_jokers": "埋王",
        "dabang_phase_playing": "出牌", "dabang_won": "{team} 队胜", "dabang_how_passed_ten": "升过十",
        "dabang_how_time_limit": "时间到", "dabang_how_zero_points": "零分", "dabang_how_four_hundred_points": "四百分",
        "dabang_how_three_jokers": "三王", "dabang_how_bye": "轮空", "dabang_tournament": "赛事",
        "dabang_tournaments": "打棒赛事", "dabang_bracket": "对阵表", "dabang_round": "第 {n} 轮",
        "dabang_final": "决赛", "dabang_champion": "冠军", "dabang_tbd": "待定", "dabang_match_link": "比赛 {id}",
        "dabang_road": "比赛路单", "dabang_deals": "各局", "dabang_earlier": "本台的比赛",
        "dabang_no_deals": "还没有打完的局。", "dabang_kou_di": "抠底", "dabang_bao_di": "保底",
        "dabang_dry_pot": "干锅", "dabang_blood": "血", "dabang_levels_after": "之后级别", "dabang_seat": "{n} 号位",
        "dabang_hidden_note": "这些页面从不显示手牌和暗底。", "dabang_no_tournaments": "还没有赛事。",
        "dabang_in_play": "进行中", "dabang_at_table": "在 {table}", "dabang_redeal": "重发", "dabang_teams": "队伍",
        "dabang_seats": "座位", "dabang_current_trick": "本墩", "dabang_last_trick": "上一墩",
    },
    "zh-Hant": {
        "dabang": "打棒", "dabang_deal": "局", "dabang_phase": "階段", "dabang_trick": "墩",
        "dabang_points": "得分", "dabang_time_left": "剩餘時間", "dabang_time_label": "{t}",
        "dabang_dealer": "打家", "dabang_trump": "主", "dabang_level": "級", "dabang_team": "隊",
        "dabang_no_match": "還沒有比賽。", "dabang_between_deals": "等待下一局",
        "dabang_phase_declaring": "亮主", "dabang_phase_burying": "埋底", "dabang_phase_burying_jokers": "埋王",
        "dabang_phase_playing": "出牌", "dabang_won": "{team} 隊勝", "dabang_how_passed_ten": "升過十",
        "dabang_how_time_limit": "時間到", "dabang_how_zero_points": "零分", "dabang_how_four_hundred_points": "四百分",
        "dabang_how_three_jokers": "三王", "dabang_how_bye": "輪空", "dabang_tournament": "賽事",
        "dabang_tournaments": "打棒賽事", "dabang_bracket": "對陣表", "dabang_round": "第 {n} 輪",
        "dabang_final": "決賽", "dabang_champion": "冠軍", "dabang_tbd": "待定", "dabang_match_link": "比賽 {id}",
        "dabang_road": "比賽路單", "dabang_deals": "各局", "dabang_earlier": "本台的比賽",
        "dabang_no_deals": "還沒有打完的局。", "dabang_kou_di": "摳底", "dabang_bao_di": "保底",
        "dabang_dry_pot": "乾鍋", "dabang_blood": "血", "dabang_levels_after": "之後級別", "dabang_seat": "{n} 號位",
        "dabang_hidden_note": "這些頁面從不顯示手牌和暗底。", "dabang_no_tournaments": "還沒有賽事。",
        "dabang_in_play": "進行中", "dabang_at_table": "在 {table}", "dabang_redeal": "重發", "dabang_teams": "隊伍",
        "dabang_seats": "座位", "dabang_current_trick": "本墩", "dabang_last_trick": "上一墩",
    },
}
for _language, _words in DABANG_LABELS.items():
    LABELS[_language].update(_words)

# The floor's table search and the shift reports page (issue 36).
FLOOR_TOOLS_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "find_table": "Find a table", "table_name": "name", "game": "Game", "game_baccarat": "Baccarat",
        "game_niuniu": "Niu Niu", "game_dabang": "Da Bang", "shift_reports": "Shift reports",
        "report_shift": "Shift", "report_hours": "Hours", "report_state": "State",
        "report_running": "running: provisional", "report_final": "ended: final", "report_ended": "ended",
        "report_files": "Report", "report_help": "Print the PDF, check it and sign it at the end. Times are in {zone}.",
        "report_pdf": "PDF", "report_csv": "CSV",
    },
    "zh-Hans": {
        "find_table": "查找牌台", "table_name": "台名", "game": "游戏", "game_baccarat": "百家乐",
        "game_niuniu": "百人牛牛", "game_dabang": "打棒", "shift_reports": "班次报告", "report_shift": "班次",
        "report_hours": "时段", "report_state": "状态", "report_running": "进行中：临时", "report_final": "已结束：定稿",
        "report_ended": "已结束", "report_files": "报告", "report_help": "打印 PDF，核对后在末尾签名。时间为 {zone}。",
        "report_pdf": "PDF", "report_csv": "CSV",
    },
    "zh-Hant": {
        "find_table": "查找牌台", "table_name": "台名", "game": "遊戲", "game_baccarat": "百家樂",
        "game_niuniu": "百人牛牛", "game_dabang": "打棒", "shift_reports": "班次報告", "report_shift": "班次",
        "report_hours": "時段", "report_state": "狀態", "report_running": "進行中：臨時", "report_final": "已結束：定稿",
        "report_ended": "已結束", "report_files": "報告", "report_help": "列印 PDF，核對後在末尾簽名。時間為 {zone}。",
        "report_pdf": "PDF", "report_csv": "CSV",
    },
}
for _language, _words in FLOOR_TOOLS_LABELS.items():
    LABELS[_language].update(_words)


def check_language(language: str | None) -> str:
    return language if language in LANGUAGES else DEFAULT_LANGUAGE


def label(language: str, key: str, **values: str) -> str:
    text = LABELS[language][key]
    return text.format(**values) if values else text


def good_road_name(language: str, road: GoodRoad) -> str:
    """A good road's name in `language` (the domain gives zh-Hans and English)."""
    if language == "en":
        return road.name_en
    return road.name if language == "zh-Hans" else traditional(road.name)
