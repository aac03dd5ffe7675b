// A review group at provincial scale for the assignment solver: declarations and experts with
// three-level discipline codes, keywords and the conflicts a real pool holds (experts of a
// completing unit, under a corporate-form variant of its name or by its credit code; experts who
// are completers; declared relations; suspended experts; manual vetoes). Deterministic: the same
// seed and sizes give the same fixture, so two runs time the same work.

/** mulberry32, as the solver uses: small and the same on every machine. */
export function prng(seed) {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_LEVEL = ['510', '520', '580', '610', '620', '630', '470', '480', '416', '320'];
const TOPICS = [
  ['电网调度', '新能源并网', '储能', '特高压', '配电网', '继电保护', '电力电子', '微电网', '负荷预测', '电能质量', '智能电表', '输电线路'],
  ['盾构', '隧道', '桥梁', '结构健康监测', '混凝土', '地基处理', '装配式建筑', '抗震', '岩土', 'BIM', '施工安全', '既有建筑改造'],
  ['水稻育种', '小麦', '病虫害', '土壤改良', '节水灌溉', '种质资源', '分子标记', '植保无人机', '设施农业', '玉米', '油菜', '茶叶'],
  ['肿瘤早筛', '影像诊断', '靶向治疗', '心血管', '微创手术', '基因测序', '疫苗', '中医药', '慢病管理', '康复', '儿科', '感染控制'],
  ['锂电池材料', '催化剂', '高分子', '膜分离', '精细化工', '稀土', '涂层', '复合材料', '陶瓷', '纳米材料', '钢铁冶金', '焊接'],
  ['工业互联网', '人工智能', '大数据', '区块链', '边缘计算', '网络安全', '机器视觉', '自然语言处理', '芯片设计', '操作系统', '数据库', '云计算'],
  ['海洋观测', '气象预报', '地质灾害', '遥感', '水文', '地下水', '矿产勘查', '测绘', '地震监测', '冰川', '大气污染', '生态修复'],
  ['城市内涝', '污水处理', '固废处置', '碳排放', '环境监测', '噪声控制', '土壤修复', '垃圾分类', '再生水', '清洁生产', '流域治理', '湿地'],
  ['中药质量控制', '药物制剂', '药物分析', '新药筛选', '仿制药', '生物制药', '药理', '药代动力学', '中药材种植', '天然产物', '抗体药物', '药品监管'],
  ['机械设计', '数控机床', '工业机器人', '液压', '轴承', '齿轮', '增材制造', '精密测量', '智能装备', '故障诊断', '减振降噪', '轨道交通装备'],
];
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范';
const GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀英', '华', '建华', '志强', '海燕'];
const CITIES = ['杭州', '宁波', '温州', '嘉兴', '湖州', '绍兴', '金华', '衢州', '舟山', '台州', '丽水'];
const TRADES = ['科技', '电力', '建设', '新材料', '生物', '信息技术', '环境工程', '智能装备', '药业', '农业发展'];
const ACADEMIES = ['大学', '理工大学', '农林大学', '医科大学', '科学院', '工业研究院', '设计研究院'];

const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];
const sample = (rnd, list, n) => {
  const out = new Set();
  while (out.size < Math.min(n, list.length)) out.add(pick(rnd, list));
  return [...out];
};
const personName = (n) => SURNAMES[n % SURNAMES.length] + GIVEN[Math.floor(n / SURNAMES.length) % GIVEN.length] + (n % 5 === 0 ? GIVEN[(n * 7) % GIVEN.length] : '');
/** 18 characters shaped like a resident ID; the solver compares them, it does not validate them. */
const idNumber = (n) => `330${String(100 + (n % 900)).padStart(3, '0')}19${String(60 + (n % 36))}${String(1 + (n % 12)).padStart(2, '0')}${String(1 + (n % 28)).padStart(2, '0')}${String(n % 1000).padStart(3, '0')}${n % 10}`;
const creditCode = (n) => `91330${String(n).padStart(12, '0')}X`;

/** A code under `first`: second level (5 digits) = first + 2, third level (7 digits) = second + 2. */
const second = (first, j) => `${first}${String(10 * (j + 1)).padStart(2, '0')}`;
const third = (first, j, m) => `${second(first, j)}${String(10 * (m + 1)).padStart(2, '0')}`;

/**
 * `declarations` declarations and `experts` experts. Roughly 5 % of the experts sit in a unit some
 * declarations name (half by credit code, half under a corporate-form variant without a code),
 * 2 % are completers of a declaration, 4 % declared a relation, 1 % are suspended, 1 % have their own
 * lower maximum; `vetoes` pairs are excluded by hand.
 */
export function buildFixture({ seed, declarations: nDeclarations, experts: nExperts, vetoes: nVetoes }) {
  const rnd = prng(seed);
  const companies = Array.from({ length: Math.max(50, Math.round(nDeclarations / 4)) }, (_, i) => ({
    unitName: `${CITIES[i % CITIES.length]}${personName(i * 31).slice(0, 2)}${TRADES[i % TRADES.length]}${i % 3 === 0 ? '股份有限公司' : '有限公司'}`,
    creditCode: creditCode(i),
  }));
  const academies = Array.from({ length: Math.max(20, Math.round(nExperts / 8)) }, (_, i) => ({
    unitName: `${CITIES[i % CITIES.length]}${ACADEMIES[i % ACADEMIES.length]}${i >= CITIES.length ? `第${Math.floor(i / CITIES.length) + 1}分院` : ''}`,
    creditCode: `12330${String(i).padStart(12, '0')}Y`,
  }));

  let person = 0;
  const declarations = Array.from({ length: nDeclarations }, (_, i) => {
    const f = Math.floor(rnd() * FIRST_LEVEL.length);
    const codes = [third(FIRST_LEVEL[f], Math.floor(rnd() * 5), Math.floor(rnd() * 4))];
    if (rnd() < 0.3) codes.push(third(FIRST_LEVEL[f], Math.floor(rnd() * 5), Math.floor(rnd() * 4)));
    const units = sample(rnd, companies, 1 + Math.floor(rnd() * 3));
    if (rnd() < 0.4) units.push(pick(rnd, academies));
    const completers = Array.from({ length: 3 + Math.floor(rnd() * 8) }, () => {
      const n = person++;
      return { name: personName(n), idNumber: idNumber(n) };
    });
    return { declarationId: `D${String(i + 1).padStart(5, '0')}`, units, completers, disciplineCodes: codes, keywords: sample(rnd, TOPICS[f], 2 + Math.floor(rnd() * 3)), region: CITIES[i % CITIES.length] };
  });

  const counts = { sameUnitByCode: 0, sameUnitByName: 0, completers: 0, relations: 0, suspended: 0, ownMaxLoad: 0 };
  const experts = Array.from({ length: nExperts }, (_, i) => {
    const f = Math.floor(rnd() * FIRST_LEVEL.length);
    // Most experts are specialists at the third level, some broader at the second or first.
    const level = rnd();
    const code = level < 0.6 ? third(FIRST_LEVEL[f], Math.floor(rnd() * 5), Math.floor(rnd() * 4)) : level < 0.9 ? second(FIRST_LEVEL[f], Math.floor(rnd() * 5)) : FIRST_LEVEL[f];
    const codes = [code];
    if (rnd() < 0.25) codes.push(third(FIRST_LEVEL[(f + 1) % FIRST_LEVEL.length], Math.floor(rnd() * 5), Math.floor(rnd() * 4)));
    const expert = {
      expertId: `E${String(i + 1).padStart(4, '0')}`,
      name: personName(100_000 + i),
      unit: pick(rnd, academies),
      idNumber: idNumber(100_000 + i),
      status: 'ACTIVE',
      birthYear: 1955 + Math.floor(rnd() * 35),
      region: pick(rnd, CITIES),
      disciplineCodes: codes,
      keywords: sample(rnd, TOPICS[f], 3 + Math.floor(rnd() * 4)),
      relations: [],
      maxLoad: null,
    };
    const roll = rnd();
    const target = declarations[Math.floor(rnd() * declarations.length)];
    const company = target.units.find((u) => u.creditCode?.startsWith('91')) ?? target.units[0];
    if (roll < 0.025) {
      expert.unit = { unitName: `${company.unitName}（研发中心）`, creditCode: company.creditCode };
      counts.sameUnitByCode++;
    } else if (roll < 0.05) {
      // The same company under its other corporate form, no credit code: only the name rule finds it.
      const variant = company.unitName.endsWith('股份有限公司') ? company.unitName.replace(/股份有限公司$/, '有限公司') : company.unitName.replace(/有限公司$/, '股份有限公司');
      expert.unit = { unitName: variant, creditCode: null };
      counts.sameUnitByName++;
    } else if (roll < 0.07) {
      const c = target.completers[0];
      expert.name = c.name;
      expert.idNumber = c.idNumber;
      counts.completers++;
    } else if (roll < 0.11) {
      const c = pick(rnd, target.completers);
      expert.relations = rnd() < 0.5 ? [{ kind: 'ADVISOR', personName: c.name, personIdNumber: c.idNumber, until: null }] : [{ kind: 'COLLABORATOR', unit: company, until: '2025-06-30' }];
      counts.relations++;
    }
    const standing = rnd();
    if (standing < 0.01) {
      expert.status = 'SUSPENDED';
      counts.suspended++;
    } else if (standing < 0.02) {
      expert.maxLoad = 8;
      counts.ownMaxLoad++;
    }
    return expert;
  });

  const vetoes = new Map();
  while (vetoes.size < nVetoes) vetoes.set(`${pick(rnd, experts).expertId}:${pick(rnd, declarations).declarationId}`, '办公室人工排除（基准测试）');
  return { declarations, experts, vetoes, counts };
}
