import { Document, Page, Path, StyleSheet, Svg, Text, View } from "@react-pdf/renderer";
import QRCode from "qrcode";
import type { KinshipType } from "@/db/enums";
import { KINSHIP_LABELS as PERSON_KINSHIP_LABELS } from "../labels";
import type { CertificateData } from "./certificate-data";

// The certificate an insurer hands its client, as one react-pdf template (the layout of Midday's invoice
// template: a header, two-column blocks, tables, the QR code at the foot). Only the PDF's built-in
// Helvetica is used: nothing is fetched or read from disk while rendering, and it covers the Latin
// alphabets of the countries sold (accents included). Line heights are set where text wraps, not on the
// page: inherited by the footer, a page-level line height makes react-pdf (4.x) drop its page numbers.
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

const styles = StyleSheet.create({
  page: { padding: 36, paddingBottom: 56, fontFamily: "Helvetica", fontSize: 9, color: INK },
  header: { flexDirection: "row", justifyContent: "space-between", alignItems: "flex-start", marginBottom: 18 },
  insurer: { fontSize: 10, fontFamily: "Helvetica-Bold", color: ACCENT, textTransform: "uppercase", letterSpacing: 1 },
  title: { fontSize: 20, fontFamily: "Helvetica-Bold", marginTop: 4 },
  subtitle: { color: MUTED, marginTop: 2 },
  numberBlock: { alignItems: "flex-end" },
  number: { fontSize: 14, fontFamily: "Helvetica-Bold" },
  status: {
    marginTop: 4,
    paddingVertical: 2,
    paddingHorizontal: 6,
    borderRadius: 3,
    backgroundColor: ACCENT,
    color: "#ffffff",
    fontFamily: "Helvetica-Bold",
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
  label: { fontSize: 7, color: MUTED, textTransform: "uppercase", letterSpacing: 0.5, marginBottom: 2 },
  value: { fontSize: 10, fontFamily: "Helvetica-Bold" },
  sectionTitle: { fontSize: 11, fontFamily: "Helvetica-Bold", marginBottom: 4, marginTop: 8 },
  tableHead: {
    flexDirection: "row",
    borderBottomWidth: 1,
    borderColor: INK,
    paddingBottom: 3,
    fontFamily: "Helvetica-Bold",
  },
  tableRow: { flexDirection: "row", borderBottomWidth: 1, borderColor: RULE, paddingVertical: 4, lineHeight: 1.3 },
  right: { textAlign: "right" },
  total: { flexDirection: "row", justifyContent: "flex-end", paddingTop: 6 },
  totalValue: { fontSize: 12, fontFamily: "Helvetica-Bold", marginLeft: 12 },
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
  verifyText: { flex: 1, marginLeft: 12, lineHeight: 1.4 },
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

// The certificate names the client "Holder"; the other kinships read as everywhere else.
const KINSHIP_LABELS: Record<KinshipType, string> = { ...PERSON_KINSHIP_LABELS, SELF: "Holder" };

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
  { width: "32%" },
  { width: "13%" },
  { width: "16%" },
  { width: "11%", align: "right" },
  { width: "14%", align: "right" },
  { width: "14%", align: "right" },
];
const COVERAGE_COLUMNS: Column[] = [{ width: "28%" }, { width: "52%" }, { width: "20%", align: "right" }];

export function CertificateDocument({ data }: { data: CertificateData }) {
  const plan = [data.productName, data.planName, data.versionLabel].filter(Boolean).join(" · ");
  const money = (amount: string) => `${amount} ${data.currency}`;
  return (
    <Document
      title={`Certificate of cover ${data.policyNumber}`}
      author={data.insurerName}
      subject={plan}
      creator={data.insurerName}
      producer={data.insurerName}
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
                {data.insurerName} · {data.policyNumber}
              </Text>
              <Text>{`Page ${pageNumber} of ${totalPages}`}</Text>
            </View>
          </>
        )}
      >
        <View style={styles.header}>
          <View>
            <Text style={styles.insurer}>{data.insurerName}</Text>
            <Text style={styles.title}>Certificate of cover</Text>
            <Text style={styles.subtitle}>{plan}</Text>
          </View>
          <View style={styles.numberBlock}>
            <Text style={styles.label}>Policy number</Text>
            <Text style={styles.number}>{data.policyNumber}</Text>
            <Text style={styles.status}>{data.status}</Text>
          </View>
        </View>

        <View style={styles.facts}>
          <Fact label="Holder" value={data.holderName} />
          <Fact label="Valid from" value={data.validFrom} />
          <Fact label="Valid to" value={data.validTo} />
          <Fact label="Issued on" value={data.issuedOn} />
        </View>

        <Text style={styles.sectionTitle}>Beneficiaries</Text>
        <Row
          head
          columns={BENEFICIARY_COLUMNS}
          cells={["Name", "Kinship", "Date of birth", "Age at start", "Price", "Standing"]}
        />
        {data.beneficiaries.map((person, index) => (
          <Row
            key={index}
            columns={BENEFICIARY_COLUMNS}
            cells={[
              person.name,
              KINSHIP_LABELS[person.kinship],
              person.dateOfBirth,
              String(person.ageAtStart),
              money(person.price),
              person.deceased ? "Deceased" : "Covered",
            ]}
          />
        ))}
        <View style={styles.total} wrap={false}>
          <Text style={styles.label}>Total premium</Text>
          <Text style={styles.totalValue}>{money(data.totalPrice)}</Text>
        </View>

        <Text style={styles.sectionTitle}>Coverages</Text>
        <Row head columns={COVERAGE_COLUMNS} cells={["Coverage", "Description", "Limit"]} />
        {data.coverages.length === 0 ? (
          <Row columns={[{ width: "100%" }]} cells={["The plan lists no separate coverages."]} />
        ) : null}
        {data.coverages.map((coverage, index) => (
          <Row
            key={index}
            columns={COVERAGE_COLUMNS}
            cells={[
              coverage.name,
              coverage.description ?? "",
              coverage.limitAmount ? money(coverage.limitAmount) : "No stated limit",
            ]}
          />
        ))}

        <Text style={styles.sectionTitle}>Waiting periods</Text>
        <Text>Counted from the start of cover; an event within its period is not covered.</Text>
        <View style={styles.waiting}>
          <Fact label="Suicide" value={`${data.waitingPeriodDays.suicide} days`} />
          <Fact label="Accident" value={`${data.waitingPeriodDays.accident} days`} />
          <Fact label="Pre-existing conditions" value={`${data.waitingPeriodDays.preexisting} days`} />
        </View>

        <View style={styles.verify} wrap={false}>
          <QrCode text={data.verificationUrl} size={96} />
          <View style={styles.verifyText}>
            <Text style={styles.value}>Check this cover</Text>
            <Text>
              Scan the code, or open the address below, to see whether the cover is in force today. The status above is
              the one of the issue date ({data.issuedOn}).
            </Text>
            <Text style={styles.url}>{data.verificationUrl}</Text>
          </View>
        </View>
      </Page>
    </Document>
  );
}
