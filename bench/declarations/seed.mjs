// Ten thousand declarations in one edition, ten completers and three units each, written straight
// into the database after the server's first start (migrations + seed). Deterministic: the same
// count gives the same rows. Every completer has a valid resident ID number (check digit), distinct
// across the edition, so the eligibility checks look up a realistic index.

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';
/** A valid 18-digit resident ID for person `n` (birth dates spread over 1960–1995). */
export function residentId(n) {
  const region = String(110101 + (n % 500) * 2).padStart(6, '0');
  const day = new Date(Date.UTC(1960, 0, 1) + (n % 12_000) * 86_400_000);
  const birth = `${day.getUTCFullYear()}${String(day.getUTCMonth() + 1).padStart(2, '0')}${String(day.getUTCDate()).padStart(2, '0')}`;
  const seq = String(Math.floor(n / 12_000) % 1000).padStart(3, '0');
  const body = region + birth + seq;
  const sum = [...body].reduce((s, c, i) => s + Number(c) * WEIGHTS[i], 0);
  return body + CHECK[sum % 11];
}

const WEIGHTS_USCC = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** A valid unified social credit code for unit `n`. */
export function creditCode(n) {
  const body = `91110108${String(n).padStart(9, '0')}`;
  const sum = [...body].reduce((s, c, i) => s + USCC_CHARS.indexOf(c) * WEIGHTS_USCC[i], 0);
  return body + USCC_CHARS[(31 - (sum % 31)) % 31];
}

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀英', '华', '建华', '志强', '海燕', '晓东', '立新', '红梅'];
export const personName = (n) => SURNAMES[n % SURNAMES.length] + GIVEN[Math.floor(n / SURNAMES.length) % GIVEN.length] + (n % 7 === 0 ? GIVEN[n % GIVEN.length] : '');
const TOPICS = ['高性能', '智能', '绿色', '低碳', '精准', '大规模', '新型', '高可靠'];
const THINGS = ['电网调度', '盾构掘进', '水稻育种', '锂电池材料', '肿瘤早筛', '桥梁健康监测', '工业互联网平台', '海洋观测', '中药质量控制', '城市内涝预警'];
const METHODS = ['关键技术及应用', '理论与方法', '装备研制与产业化', '体系构建与示范', '创新与推广'];
export const projectTitle = (n) => `${TOPICS[n % TOPICS.length]}${THINGS[Math.floor(n / 8) % THINGS.length]}${METHODS[Math.floor(n / 80) % METHODS.length]}`;
const DISCIPLINES = ['510', '520', '580', '610', '620', '630', '470', '480', '416', '320'];

/** Statuses a mid-review edition holds, by share. */
const STATUS_MIX = [['DRAFT', 0.1], ['SUBMITTED', 0.2], ['UNIT_APPROVED', 0.1], ['NOMINATED', 0.3], ['ACCEPTED', 0.2], ['FORMAL_RETURNED', 0.05], ['NOT_ACCEPTED', 0.05]];
function statusOf(n) {
  const x = ((n * 2654435761) % 1000) / 1000;
  let acc = 0;
  for (const [status, share] of STATUS_MIX) {
    acc += share;
    if (x < acc) return status;
  }
  return 'ACCEPTED';
}

const paragraph = (seed, chars) => `<p>${'本项目针对行业共性难题，系统开展了理论研究、技术攻关与工程示范，形成了具有自主知识产权的成套技术。'.repeat(Math.ceil(chars / 48)).slice(0, chars)}</p>`;

/** The whole content of declaration `n` (all sections filled, as a submitted one is). */
export function contentOf(n, { unitOrgId, nominatorOrgId, completers, units }) {
  return {
    BASIC: {
      title: projectTitle(n),
      proposedGrade: n % 10 === 0 ? 'FIRST' : n % 3 === 0 ? 'SECOND' : 'THIRD',
      disciplineCodes: [DISCIPLINES[n % DISCIPLINES.length] + String(10 + (n % 50)).padStart(2, '0')],
      category: 'TECH_DEVELOPMENT',
      secrecy: 'PUBLIC',
      keywords: ['关键技术', THINGS[Math.floor(n / 8) % THINGS.length]],
      taskSources: [],
      startDate: '2019-01-01',
      endDate: '2023-12-31',
      unitOrgId: String(unitOrgId),
      nominatorOrgId: String(nominatorOrgId),
      contactName: completers[0].name,
      contactPhone: `139${String(10_000_000 + n).slice(-8)}`,
      contactEmail: `contact${n}@example.cn`,
    },
    COMPLETERS: { completers: completers.map((c) => ({ name: c.name, idNumber: c.idNumber, title: '研究员', unitName: c.unitName, phone: null, email: null, contribution: '负责总体技术方案设计与关键技术攻关。' })) },
    UNITS: { units: units.map((u) => ({ unitName: u.unitName, creditCode: u.creditCode, contribution: '项目牵头单位，负责组织实施。' })) },
    SUMMARY: { summary: paragraph(n, 900) },
    INNOVATIONS: { innovations: paragraph(n + 1, 1500) },
    IP: { items: [{ kind: 'PATENT', name: '一种检测装置', number: `ZL2020${String(n).padStart(7, '0')}.1`, country: '中国', grantDate: '2021-06-01', holders: units[0].unitName }] },
    PAPERS: { papers: [{ title: 'A study of the method', journal: '中国科学', year: 2021, authors: completers[0].name, citations: 12 }] },
    APPLICATION: { application: paragraph(n + 2, 800) },
    ECONOMIC: { years: [2021, 2022, 2023].map((year) => ({ year, sales: 1200, profit: 300, tax: 80, foreignExchange: 0, savings: 50 })), basis: '依据应用单位出具的经济效益证明。' },
    SOCIAL: { social: paragraph(n + 3, 500) },
    ATTACHMENTS: { attachments: [] },
  };
}

export const planOf = (n) => ({ status: statusOf(n) });
