"""The gettext catalogues as the i18n tests read them, and the check for Simplified characters in
Traditional text."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from roadsvc.translations import DIRECTORY, LOCALES

ROOT = Path(__file__).resolve().parents[2]


def catalogue(locale: str) -> Catalog:
    with (DIRECTORY / locale / "LC_MESSAGES" / "messages.po").open("rb") as source:
        return read_po(source, locale=locale)


def strings(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


# Characters written only in Simplified Chinese (each has a different Traditional form), common on these
# pages, with those of the bets' and roads' names (MAPPED: the simplified-to-traditional map the domain kept
# before issue 36 moved the names to the catalogues): a zh-Hant page and the zh_Hant catalogue show none.
COMMON_SIMPLIFIED = set(
    "迟单庄闲暂无没发报处确认级别结筛选连线轮询浅时启动钟态审计录记议变换开关过这个对时间资户账库类说话读写请们来价"
    "实现种数长输赢门龙红两双宝边运烧细赐黄佣厅显设备键码错误数据页签会务册调赛阵负胜队级进阶鲜乐复还将当"
    "为与业东丝丢两严丧个丰临丽举义乌乔买乱争亏亚产亩亲亿仅从仑仓仪们价众优伙会伞伟传伤伦伪体佣侠侣侥侦侧侨侬俭"
    "债倾偿储儿兑兰关兴兹养兽内册写军农决况冻净凉减凑凤凭凯击凿刘则刚创删别刹剂剑剧劝办务动励劲劳势勋匀区医"
    "华协单卖卢卫却厂厅历压厌厕厘县参双发变叙叠号叹吓吕吗启吴呐员呜咏咙响哑哗唤啸喷嘱团园围国图圆圣场坏块坚坛坝坞坟"
    "坠垄垒垦垫埘墙壮声壳处备复够头夸夹夺奋奖妆妇妈娱娄娅娲婴婶学孙宁实宠宪宫宽宾对寻导寿将尔尘尝层属岁岂岗岛岭峡币"
    "帅师帐帜带帧帮广庆库应庙庞废开异弃张弥弯弹强归当录彦彻径忆忧怀态怜总恋恳恶悬惊惧惨惩惫惭惯愤愿慑戏战户扑执"
    "扩扫扬扰抚抛抟抠抡抢护报担拟拢拣拥拦拧拨择挂挚挛挝挞挟挠挡挣挤挥捞损捡换捣据掳掷掸掺揽搀携摄摆摇摊撑撵擞"
)


MAPPED = set("长庄闲厅两单对宝龙运红无敌烧细赐边黄佣门赢输")
SIMPLIFIED = frozenset(COMMON_SIMPLIFIED | MAPPED)


def translation(locale: str, message: str | tuple[str, str]) -> str | None:
    """The catalogue's translation of a message id (or (context, id)); None where it has none (no entry, an
    empty msgstr, or a fuzzy one), which gettext would hide by showing the id."""
    context, message_id = message if isinstance(message, tuple) else (None, message)
    found = _catalogues(locale).get(message_id, context=context)
    return None if found is None or found.fuzzy or not found.string else found.string


@functools.cache
def _catalogues(locale: str) -> Catalog:
    return catalogue(locale)


PLACEHOLDER = re.compile(r"\{\w*\}|%\(\w+\)[sd]")


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


__all__ = ["LOCALES", "ROOT", "catalogue", "placeholders", "SIMPLIFIED", "strings", "translation"]
