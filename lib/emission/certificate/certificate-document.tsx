import { createRequire } from "node:module";
import { Document, Font, Image, Page, Path, StyleSheet, Svg, Text, View } from "@react-pdf/renderer";
import { createTranslator } from "next-intl";
import QRCode from "qrcode";
import { defaultLocale } from "@/lib/i18n/locales";
import { formatDate, formatMoney } from "@/lib/i18n/format";
import { catalogs } from "@/messages";
import type { CertificateData } from "./certificate-data";

// The certificate an insurer hands its client, as one react-pdf template (the layout of Midday's invoice
// template: a header, two-column blocks, tables, the QR code at the foot), in the client's language:
// every text from the `certificate` catalog, statuses and kinships from `codes`, dates and amounts
// formatted for the language. No line height is set: Noto Sans's own line is already tall (a
// `lineHeight` multiplies it and double-spaces wrapped text), and a page-level one, inherited by the
// footer, makes react-pdf (4.x) drop its page numbers.
//
// The font is Noto Sans (TrueType files of the @expo-google-fonts/noto-sans package, read from
// node_modules, never fetched): it carries every Latin-script letter (accents, ñ, ç, ß, ő...), which the
// PDF's built-in Helvetica (WinAnsi) does not. React-pdf embeds only the glyphs the document uses.
// Hyphenation is off: react-pdf's patterns are English ones, and would cut Spanish words wrongly.
//
// A policy may cover 1,000 people, some 45 pages. React-pdf's default pagination lays out everything
// that does not fit again after each page it cuts, so its time grows with the square of the length (48 s
// for 1,000 people); its newer engine, which a page `layout` turns on, measures the content once and
// packs it into pages, in time that grows with the length (a few seconds). That engine draws a page's
// running footer from the `layout` rather than from a `fixed` element.

const INK = "#111827";
const MUTED = "#6b7280";
const RULE = "#e5e7eb";
const ACCENT = "#1f4e79";

const FONT = "Noto Sans";
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`@expo-google-fonts/noto-sans/${name}`);
Font.register({
  family: FONT,
  fonts: [
    { src: fontFile("400Regular/NotoSans_400Regular.ttf"), fontWeight: 400 },
    { src: fontFile("700Bold/NotoSans_700Bold.ttf"), fontWeight: 700 },
  ],
});
Font.registerHyphenationCallback((word) => [word]);

const BOLD = { fontFamily: FONT, fontWeight: 700 } as const;

const styles = StyleSheet.create({
  page: { padding: 36, paddingBottom: 56, fontFamily: FONT, fontSize: 9, color: INK },
  header: { flexDirection: "row", justifyContent: "space-between", alignItems: "flex-start", marginBottom: 18 },
  // The logo keeps its proportions within a box a few centimetres wide.
  logo: { width: 132, height: 44, objectFit: "contain", objectPosition: "left", marginBottom: 6 },
  insurer: { fontSize: 10, ...BOLD, color: ACCENT, textTransform: "uppercase", letterSpacing: 1 },
  title: { fontSize: 20, ...BOLD, marginTop: 4 },
  subtitle: { color: MUTED, marginTop: 2 },
  numberBlock: { alignItems: "flex-end" },
  number: { fontSize: 14, ...BOLD },
  status: {
    marginTop: 4,
    paddingVertical: 2,
    paddingHorizontal: 6,
    borderRadius: 3,
    backgroundColor: ACCENT,
    color: "#ffffff",
    ...BOLD,
  },
  facts: {
    flexDirection: "row",
    borderTopWidth: 1,
    borderBottomWidth: 1,
    borderColor: RULE,
    paddingVertical: 8,
    marginBottom: 16,
  },
  fact: { flex: 1, paddingRight: 8 },
  parties: { flexDirection: "row", marginBottom: 12 },
  party: { flex: 1, paddingRight: 12 },
  partyLine: { color: MUTED },
  label: { fontSize: 7, color: MUTED, textTransform: "uppercase", letterSpacing: 0.5, marginBottom: 2 },
  value: { fontSize: 10, ...BOLD },
  sectionTitle: { fontSize: 11, ...BOLD, marginBottom: 4, marginTop: 8 },
  tableHead: {
    flexDirection: "row",
    borderBottomWidth: 1,
    borderColor: INK,
    paddingBottom: 3,
    ...BOLD,
  },
  tableRow: { flexDirection: "row", borderBottomWidth: 1, borderColor: RULE, paddingVertical: 4 },
  right: { textAlign: "right" },
  total: { flexDirection: "row", justifyContent: "flex-end", paddingTop: 6 },
  totalValue: { fontSize: 12, ...BOLD, marginLeft: 12 },
  note: { color: MUTED, textAlign: "right", marginTop: 2 },
  waiting: { flexDirection: "row", marginTop: 2 },
  verify: {
    flexDirection: "row",
    alignItems: "center",
    marginTop: 20,
    padding: 10,
    borderWidth: 1,
    borderColor: RULE,
    borderRadius: 4,
  },
  verifyText: { flex: 1, marginLeft: 12 },
  url: { fontSize: 7, color: ACCENT, marginTop: 4 },
  footer: {
    position: "absolute",
    bottom: 24,
    left: 36,
    right: 36,
    flexDirection: "row",
    justifyContent: "space-between",
    fontSize: 7,
    color: MUTED,
  },
});

type Column = { width: string; align?: "right" };

function Row({ cells, columns, head = false }: { cells: string[]; columns: Column[]; head?: boolean }) {
  return (
    <View style={head ? styles.tableHead : styles.tableRow} wrap={false}>
      {cells.map((cell, index) => (
        <Text
          key={index}
          style={[
            { width: columns[index].width, paddingRight: 4 },
            columns[index].align === "right" ? styles.right : {},
          ]}
        >
          {cell}
        </Text>
      ))}
    </View>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.fact}>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>{value}</Text>
    </View>
  );
}

/** The QR code as vector squares (one path), so it prints sharp at any size and needs no image encoding. */
function QrCode({ text, size }: { text: string; size: number }) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  let path = "";
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) path += `M${col} ${row}h1v1h-1z`;
    }
  }
  // Two modules of white around the code: scanners need a quiet zone to find it.
  const quiet = 2;
  return (
    <Svg
      width={size}
      height={size}
      viewBox={`${-quiet} ${-quiet} ${modules.size + 2 * quiet} ${modules.size + 2 * quiet}`}
    >
      <Path d={path} fill="#000000" />
    </Svg>
  );
}

const BENEFICIARY_COLUMNS: Column[] = [
  { width: "28%" },
  { width: "12%" },
  { width: "15%" },
  { width: "9%", align: "right" },
  { width: "14%", align: "right" },
  { width: "22%", align: "right" },
];
const COVERAGE_COLUMNS: Column[] = [{ width: "28%" }, { width: "52%" }, { width: "20%", align: "right" }];

/** Whom the family deals with: the insurer's legal details and contact, and the seller, when known. */
function Parties({
  data,
  labels,
}: {
  data: CertificateData;
  labels: { insurer: string; registration: string | null; seller: string };
}) {
  const { insurer, seller } = data;
  const contact = [insurer.contactPhone, insurer.contactEmail].filter(Boolean).join(" · ");
  return (
    <View style={styles.parties} wrap={false}>
      <View style={styles.party}>
        <Text style={styles.label}>{labels.insurer}</Text>
        <Text style={styles.value}>{insurer.name}</Text>
        {labels.registration ? <Text style={styles.partyLine}>{labels.registration}</Text> : null}
        {insurer.address ? <Text style={styles.partyLine}>{insurer.address}</Text> : null}
        {contact ? <Text>{contact}</Text> : null}
      </View>
      {seller ? (
        <View style={styles.party}>
          <Text style={styles.label}>{labels.seller}</Text>
          <Text style={styles.value}>{seller.name}</Text>
          <Text>{seller.email}</Text>
        </View>
      ) : null}
    </View>
  );
}

export function CertificateDocument({ data }: { data: CertificateData }) {
  const locale = data.language ?? defaultLocale();
  const t = createTranslator({ locale, messages: catalogs[locale], namespace: "certificate" });
  const tc = createTranslator({ locale, messages: catalogs[locale], namespace: "codes" });
  const plan = [data.productName, data.planName, data.versionLabel].filter(Boolean).join(" · ");
  const money = (amount: string) => formatMoney(amount, data.currency, locale);
  const date = (value: string) => formatDate(value, locale);
  const days = (count: number) => t("days", { count });
  const insurerName = data.insurer.name;
  const standing = (person: CertificateData["beneficiaries"][number]) => {
    if (person.deceased) return person.deceasedOn ? t("deceasedOn", { date: date(person.deceasedOn) }) : t("deceased");
    return person.coverEndDate ? t("coverEnded", { date: date(person.coverEndDate) }) : t("covered");
  };
  const isCovered = (person: CertificateData["beneficiaries"][number]) => !person.deceased && !person.coverEndDate;
  return (
    <Document
      title={t("documentTitle", { number: data.policyNumber })}
      author={insurerName}
      subject={plan}
      creator={insurerName}
      producer={insurerName}
      language={locale}
    >
      <Page
        size="A4"
        style={styles.page}
        // Every page: the content that falls on it, and the footer with its number.
        layout={({ children, pageNumber, totalPages }) => (
          <>
            {children}
            <View style={styles.footer}>
              <Text>
                {insurerName} · {data.policyNumber}
              </Text>
              <Text>{t("page", { page: String(pageNumber), pages: String(totalPages) })}</Text>
            </View>
          </>
        )}
      >
        <View style={styles.header}>
          <View>
            {data.insurer.logo ? (
              // The worker receives the bytes as a plain Uint8Array; react-pdf reads a PNG or JPEG from a Buffer.
              // A PDF image has no alt text (jsx-a11y knows only the web's <img>): the name beside it says it.
              // eslint-disable-next-line jsx-a11y/alt-text
              <Image style={styles.logo} src={Buffer.from(data.insurer.logo)} />
            ) : null}
            <Text style={styles.insurer}>{insurerName}</Text>
            <Text style={styles.title}>{t("title")}</Text>
            <Text style={styles.subtitle}>{plan}</Text>
          </View>
          <View style={styles.numberBlock}>
            <Text style={styles.label}>{t("policyNumber")}</Text>
            <Text style={styles.number}>{data.policyNumber}</Text>
            <Text style={styles.status}>{tc(`policyStatus.${data.status}`)}</Text>
          </View>
        </View>

        <View style={styles.facts}>
          <Fact label={t("holder")} value={data.holderName} />
          <Fact label={t("validFrom")} value={date(data.validFrom)} />
          <Fact label={t("validTo")} value={date(data.validTo)} />
          <Fact label={t("issuedOn")} value={date(data.issuedOn)} />
        </View>

        <Parties
          data={data}
          labels={{
            insurer: t("insurerContact"),
            registration: data.insurer.registrationNumber
              ? t("registrationNumber", { number: data.insurer.registrationNumber })
              : null,
            seller: t("soldBy"),
          }}
        />

        <Text style={styles.sectionTitle}>{t("beneficiaries")}</Text>
        <Row
          head
          columns={BENEFICIARY_COLUMNS}
          cells={[
            t("columns.name"),
            t("columns.kinship"),
            t("columns.dateOfBirth"),
            t("columns.ageAtStart"),
            t("columns.price"),
            t("columns.standing"),
          ]}
        />
        {data.beneficiaries.map((person, index) => (
          <Row
            key={index}
            columns={BENEFICIARY_COLUMNS}
            cells={[
              person.name,
              // The certificate names the client "Holder"; the other kinships read as everywhere else.
              person.kinship === "SELF" ? t("kinshipSelf") : tc(`kinship.${person.kinship}`),
              date(person.dateOfBirth),
              String(person.ageAtStart),
              // A life no longer covered is not charged: its price would read as part of the premium.
              isCovered(person) ? money(person.price) : "—",
              standing(person),
            ]}
          />
        ))}
        <View style={styles.total} wrap={false}>
          <Text style={styles.label}>{t("totalPremium")}</Text>
          <Text style={styles.totalValue}>{t("perMonth", { amount: money(data.totalPrice) })}</Text>
        </View>
        {data.beneficiaries.some((person) => !isCovered(person)) ? (
          <Text style={styles.note}>{t("premiumNote")}</Text>
        ) : null}

        <Text style={styles.sectionTitle}>{t("coverages")}</Text>
        <Row
          head
          columns={COVERAGE_COLUMNS}
          cells={[t("columns.coverage"), t("columns.description"), t("columns.limit")]}
        />
        {data.coverages.length === 0 ? <Row columns={[{ width: "100%" }]} cells={[t("noCoverages")]} /> : null}
        {data.coverages.map((coverage, index) => (
          <Row
            key={index}
            columns={COVERAGE_COLUMNS}
            cells={[
              coverage.name,
              coverage.description ?? "",
              coverage.limitAmount ? money(coverage.limitAmount) : t("noLimit"),
            ]}
          />
        ))}

        <Text style={styles.sectionTitle}>{t("waitingPeriods")}</Text>
        <Text>{t("waitingNote")}</Text>
        <View style={styles.waiting}>
          <Fact label={t("suicide")} value={days(data.waitingPeriodDays.suicide)} />
          <Fact label={t("accident")} value={days(data.waitingPeriodDays.accident)} />
          <Fact label={t("preexisting")} value={days(data.waitingPeriodDays.preexisting)} />
        </View>

        <View style={styles.verify} wrap={false}>
          <QrCode text={data.verificationUrl} size={96} />
          <View style={styles.verifyText}>
            <Text style={styles.value}>{t("checkTitle")}</Text>
            <Text>{t("checkText", { date: date(data.issuedOn) })}</Text>
            <Text style={styles.url}>{data.verificationUrl}</Text>
          </View>
        </View>
      </Page>
    </Document>
  );
}
