/**
 * A generated catalogue for the Wikimedia stand-in: 52 real company names, each with the whole
 * upstream chain a search or a logo wall meets (a Wikidata item with an English Wikipedia article,
 * a brand class, a current P154 logo and a former one; a Commons search answer that describes
 * those files among others). Shapes follow the recordings; ids, sizes and dates are illustrative.
 * The benchmark's wall and the wall's tests use it (`WALL_BENCH_NAMES`).
 */
import { createHash } from 'node:crypto';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

type Company = {
  label: string;
  id: string;
  /** The English Wikipedia article; when it is not the name, a wall finds the item by search. */
  article: string;
  description: string;
  /** P31: Q4830453 business, Q891723 public company, Q6881511 enterprise, Q783794 company. */
  instanceOf: string;
  /** The year the former logo ended. */
  formerUntil: number;
};

const c = (
  label: string,
  id: string,
  description: string,
  formerUntil: number,
  article = label,
  instanceOf = 'Q891723',
): Company => ({ label, id, article, description, instanceOf, formerUntil });

/** Article names unlike the company name ('Stripe, Inc.'): found through wbsearchentities. */
export const CATALOGUE_COMPANIES: Company[] = [
  c('Stripe', 'Q7624104', 'American financial services company', 2016, 'Stripe, Inc.', 'Q4830453'),
  c('IKEA', 'Q54078', 'Swedish multinational furniture retailer', 2019, 'IKEA', 'Q4830453'),
  c('Airbnb', 'Q4232497', 'American online marketplace company for lodging', 2014),
  c('DoorDash', 'Q19881915', 'American online food ordering and delivery company', 2018),
  c('Lyft', 'Q17077936', 'American ridesharing company', 2019),
  c(
    'Slack',
    'Q17117201',
    'business communication platform software',
    2019,
    'Slack (software)',
    'Q7397',
  ),
  c('Zoom', 'Q87226407', 'American communications technology company', 2022, 'Zoom Communications'),
  c('Dropbox', 'Q1079761', 'American file hosting service company', 2017),
  c('Shopify', 'Q7501524', 'Canadian multinational e-commerce company', 2017),
  c('Atlassian', 'Q4815447', 'Australian software company', 2017),
  c('Adobe', 'Q11463', 'American multinational software company', 2017, 'Adobe Inc.'),
  c(
    'Oracle',
    'Q19900',
    'American multinational computer technology corporation',
    2013,
    'Oracle Corporation',
  ),
  c('Intel', 'Q248', 'American multinational technology company', 2020),
  c('Nvidia', 'Q182477', 'American multinational technology company', 2006),
  c('AMD', 'Q128896', 'American multinational semiconductor company', 2013),
  c('IBM', 'Q37156', 'American multinational technology corporation', 1972),
  c('Cisco', 'Q173395', 'American multinational technology conglomerate', 2006),
  c('Samsung', 'Q20718', 'South Korean multinational conglomerate', 2015, 'Samsung', 'Q4182287'),
  c('Sony', 'Q41187', 'Japanese multinational conglomerate', 1973, 'Sony', 'Q4182287'),
  c('Nintendo', 'Q8093', 'Japanese video game company', 2006),
  c('Toyota', 'Q53268', 'Japanese automobile manufacturer', 1989, 'Toyota', 'Q786820'),
  c('Honda', 'Q9584', 'Japanese multinational conglomerate', 2000),
  c('BMW', 'Q26678', 'German automobile manufacturer', 2020, 'BMW', 'Q786820'),
  c('Volkswagen', 'Q246', 'German automobile manufacturer', 2019, 'Volkswagen', 'Q786820'),
  c('Tesla', 'Q478214', 'American electric vehicle manufacturer', 2017, 'Tesla, Inc.', 'Q786820'),
  c('Ford', 'Q44294', 'American automobile manufacturer', 2003, 'Ford Motor Company', 'Q786820'),
  c('Boeing', 'Q66', 'American aerospace manufacturer', 1997),
  c('Airbus', 'Q67', 'European aerospace corporation', 2014),
  c('Nike', 'Q483915', 'American athletic equipment company', 1978, 'Nike, Inc.'),
  c('Adidas', 'Q3895', 'German multinational sportswear corporation', 2005),
  c('Puma', 'Q157064', 'German multinational sportswear company', 2013, 'Puma (brand)'),
  c('Lego', 'Q1063455', 'Danish toy production company', 1998, 'The Lego Group', 'Q4830453'),
  c('Starbucks', 'Q37158', 'American multinational chain of coffeehouses', 2011),
  c("McDonald's", 'Q38076', 'American multinational fast food chain', 2003),
  c('Coca-Cola', 'Q2813', 'carbonated soft drink brand', 2003, 'Coca-Cola', 'Q431289'),
  c('Nestlé', 'Q160746', 'Swiss multinational food and drink company', 2015),
  c('Unilever', 'Q157062', 'British multinational consumer goods company', 2004),
  c('Visa', 'Q328840', 'American multinational financial services corporation', 2014, 'Visa Inc.'),
  c('Mastercard', 'Q489921', 'American multinational payment card services corporation', 2016),
  c('PayPal', 'Q483959', 'American online payment company', 2014),
  c('eBay', 'Q58024', 'American e-commerce company', 2012),
  c('Alibaba', 'Q1359568', 'Chinese multinational technology company', 2017, 'Alibaba Group'),
  c('Reddit', 'Q1136', 'American social news website', 2017, 'Reddit', 'Q35127'),
  c('Pinterest', 'Q255381', 'American image sharing social media service', 2017),
  c('LinkedIn', 'Q213660', 'American business-focused social networking service', 2019),
  c('YouTube', 'Q866', 'American online video sharing platform', 2017, 'YouTube', 'Q35127'),
  c(
    'Twitch',
    'Q18287',
    'American video live streaming service',
    2019,
    'Twitch (service)',
    'Q1153191',
  ),
  c('Discord', 'Q22908', 'American instant messaging platform', 2021, 'Discord', 'Q1153191'),
  c(
    'Figma',
    'Q21076487',
    'American collaborative design software company',
    2019,
    'Figma',
    'Q1058914',
  ),
  c('Canva', 'Q21707512', 'Australian graphic design platform company', 2020),
  c('Salesforce', 'Q941127', 'American cloud-based software company', 2018),
  c(
    'Siemens',
    'Q81230',
    'German multinational technology conglomerate',
    1991,
    'Siemens',
    'Q4182287',
  ),
];

/** The names a benchmark wall resolves: 50 of the catalogue's, as a person would type them. */
export const WALL_BENCH_NAMES = CATALOGUE_COMPANIES.slice(0, 50).map((company) => company.label);

/** Articles of the recorded companies' items ('Apple' is the fruit's article, without a logo). */
export const RECORDED_ARTICLES: Record<string, string> = {
  Google: 'Q95',
  Apple: 'Q89',
  GitHub: 'Q364',
  Microsoft: 'Q2283',
  'Mozilla Foundation': 'Q55672',
  Wikipedia: 'Q52',
  Spotify: 'Q689141',
  Netflix: 'Q907311',
  Pepsi: 'Q47719',
  PepsiCo: 'Q334800',
  'Pepsi Max': 'Q1541767',
};

const hash = (text: string) => createHash('md5').update(text).digest('hex');
const numberOf = (text: string, mod: number) => parseInt(hash(text).slice(0, 8), 16) % mod;

type FileSpec = { name: string; mime: string; width: number; height: number; license: string };

function filesOf(company: Company): FileSpec[] {
  const { label } = company;
  const svg = (name: string, width = 512, height = 256): FileSpec => ({
    name,
    mime: 'image/svg+xml',
    width,
    height,
    license: 'Public domain',
  });
  // In Commons' order: relevance mixes the former logo and a photo in with the current one.
  return [
    svg(`${label} logo (${company.formerUntil}).svg`),
    svg(`${label} logo.svg`),
    svg(`${label} wordmark.svg`, 800, 200),
    { ...svg(`${label} icon.png`, 256, 256), mime: 'image/png' },
    {
      name: `${label} headquarters.jpg`,
      mime: 'image/jpeg',
      width: 4000,
      height: 3000,
      license: 'CC BY-SA 4.0',
    },
    svg(`${label} logo black.svg`),
  ];
}

/** One Commons page with its imageinfo, as `prop=imageinfo` answers with every iiprop WikiLogos asks. */
function pageOf(file: FileSpec, index: number): JsonObject {
  const underscored = file.name.replace(/ /g, '_');
  const md5 = hash(underscored);
  const path = `${md5[0]}/${md5.slice(0, 2)}/${encodeURIComponent(underscored)}`;
  const pageid = 90_000_000 + numberOf(file.name, 9_000_000);
  const year = 2010 + numberOf(`${file.name}:year`, 15);
  const date = `${year}-0${1 + numberOf(file.name, 9)}-1${numberOf(file.name, 9)} 12:00:00`;
  const thumbSuffix = file.mime === 'image/svg+xml' ? `${underscored}.png` : underscored;
  const photo = file.mime === 'image/jpeg';
  const meta = (value: string, source = 'commons-desc-page') => ({ value, source });
  return {
    pageid,
    ns: 6,
    title: `File:${file.name}`,
    index,
    imagerepository: 'local',
    imageinfo: [
      {
        timestamp: `${date.replace(' ', 'T')}Z`,
        size: photo ? 2_400_000 : 2_000 + numberOf(file.name, 20_000),
        width: file.width,
        height: file.height,
        thumburl: `https://upload.wikimedia.org/wikipedia/commons/thumb/${path}/330px-${encodeURIComponent(thumbSuffix)}`,
        thumbwidth: 330,
        thumbheight: Math.round((330 * file.height) / file.width),
        url: `https://upload.wikimedia.org/wikipedia/commons/${path}`,
        descriptionurl: `https://commons.wikimedia.org/wiki/File:${encodeURIComponent(underscored)}`,
        descriptionshorturl: `https://commons.wikimedia.org/w/index.php?curid=${pageid}`,
        extmetadata: {
          DateTime: { ...meta(date, 'mediawiki-metadata'), hidden: '' },
          ObjectName: meta(file.name.replace(/\.\w+$/, ''), 'mediawiki-metadata'),
          ImageDescription: meta(
            photo
              ? `The ${file.name.split(' headquarters')[0]} headquarters.`
              : `${file.name.replace(/\.\w+$/, '')}.`,
          ),
          Artist: meta(
            photo ? 'Wikimedia Commons contributor' : file.name.split(/ (logo|wordmark|icon)/)[0]!,
          ),
          LicenseShortName: { ...meta(file.license), hidden: '' },
          UsageTerms: meta(file.license),
          AttributionRequired: { ...meta(photo ? 'true' : 'false'), hidden: '' },
          ...(photo
            ? { LicenseUrl: meta('https://creativecommons.org/licenses/by-sa/4.0') }
            : { Restrictions: { ...meta('trademarked'), hidden: '' } }),
        },
        mime: file.mime,
        mediatype: photo || file.mime === 'image/png' ? 'BITMAP' : 'DRAWING',
      },
    ],
  };
}

/** `generator=search` page 0 for the company's name: six files, the last page. */
export function catalogueCommonsSearch(company: Company): JsonObject {
  return {
    batchcomplete: true,
    query: { pages: filesOf(company).map((file, i) => pageOf(file, i + 1)) },
  };
}

/** `wbsearchentities` for the name: the item, and a disambiguation page to pass over. */
export function catalogueWikidataSearch(company: Company): JsonObject {
  const hit = (id: string, label: string, description: string) => ({
    id,
    title: id,
    pageid: 1_000_000 + numberOf(id, 100_000_000),
    display: {
      label: { value: label, language: 'en' },
      description: { value: description, language: 'en' },
    },
    repository: 'wikidata',
    url: `//www.wikidata.org/wiki/${id}`,
    concepturi: `http://www.wikidata.org/entity/${id}`,
    label,
    description,
    match: { type: 'label', language: 'en', text: label },
  });
  return {
    searchinfo: { search: company.label.toLowerCase() },
    search: [
      hit(company.id, company.label, company.description),
      hit(
        `Q${200_000_000 + numberOf(company.label, 1_000_000)}`,
        company.label,
        'Wikimedia disambiguation page',
      ),
    ],
    success: 1,
  };
}

function timeValue(year: number): JsonObject {
  return {
    time: `+${year}-00-00T00:00:00Z`,
    timezone: 0,
    before: 0,
    after: 0,
    precision: 9,
    calendarmodel: 'http://www.wikidata.org/entity/Q1985727',
  };
}

/** The item: labels, description, P31, the current logo (preferred) and the former one (ended). */
export function catalogueEntity(company: Company): JsonObject {
  const { id } = company;
  const statement = (
    property: string,
    datavalue: JsonObject,
    datatype: string,
    extra: JsonObject = {},
  ) => ({
    mainsnak: {
      snaktype: 'value',
      property,
      hash: hash(`${id}${property}${JSON.stringify(datavalue)}`),
      datavalue,
      datatype,
    },
    type: 'statement',
    ...extra,
    id: `${id}$${hash(`${id}:${JSON.stringify(datavalue)}`)
      .slice(0, 8)
      .toUpperCase()}`,
  });
  const file = (name: string) => ({ value: name, type: 'string' });
  const qualifier = (property: string, year: number) => ({
    snaktype: 'value',
    property,
    hash: hash(`${property}${year}`),
    datavalue: { value: timeValue(year), type: 'time' },
    datatype: 'time',
  });
  const numeric = Number(id.slice(1));
  return {
    pageid: 1_000_000 + (numeric % 100_000_000),
    ns: 0,
    title: id,
    lastrevid: 2_400_000_000 + (numeric % 1_000_000),
    modified: '2026-09-10T12:00:00Z',
    type: 'item',
    id,
    labels: { en: { language: 'en', value: company.label } },
    descriptions: { en: { language: 'en', value: company.description } },
    claims: {
      P31: [
        statement(
          'P31',
          {
            value: {
              'entity-type': 'item',
              'numeric-id': Number(company.instanceOf.slice(1)),
              id: company.instanceOf,
            },
            type: 'wikibase-entityid',
          },
          'wikibase-item',
          { rank: 'normal' },
        ),
      ],
      P154: [
        statement('P154', file(`${company.label} logo.svg`), 'commonsMedia', {
          qualifiers: { P580: [qualifier('P580', company.formerUntil)] },
          'qualifiers-order': ['P580'],
          rank: 'preferred',
        }),
        statement(
          'P154',
          file(`${company.label} logo (${company.formerUntil}).svg`),
          'commonsMedia',
          {
            qualifiers: { P582: [qualifier('P582', company.formerUntil)] },
            'qualifiers-order': ['P582'],
            rank: 'normal',
          },
        ),
      ],
    },
    sitelinks: { enwiki: { site: 'enwiki', title: company.article, badges: [] } },
  };
}
