import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { IdParams } from "@/lib/schemas";
import {
  CalculatePriceInput,
  CreatePlanInput,
  CreateProductInput,
  CreateVersionInput,
  ListProductsQuery,
  PlanIdParams,
  PlanResponse,
  PriceQuoteResponse,
  ProductResponse,
  UpdateProductInput,
  UpdateVersionInput,
  VersionResponse,
} from "./schemas";

const tag = "Catalog";

export const catalogEndpoints = {
  listProducts: defineOperation({
    method: "GET",
    path: "/products/",
    tag,
    summary: "The catalog to full depth: products, plans, versions and their rules",
    description:
      "`active_only` (default true) returns only active products. Outside ADMIN, products and plans owned by another company are left out (a product with `company_id` null is shared by every company); `cost_price` is null for callers without plans:write. Each version lists `available_countries`, the countries it can be priced in (its countries and its zones' countries resolved), which a quote offers.",
    access: "plans:read",
    query: ListProductsQuery,
    responses: { 200: { description: "Products by name", schema: z.array(ProductResponse) } },
  }),
  createProduct: defineOperation({
    method: "POST",
    path: "/products/",
    tag,
    summary: "Create a product with its plans and versions in one transaction",
    description:
      "Every nested item is checked (negative prices, unknown currency, max_age below min_age, overlapping surcharge bands, unknown country or zone); any bad item answers 422 with the path of each error and stores nothing. The product belongs to the company of the key or user that creates it; an ADMIN's is shared by every company unless the ADMIN names `company_id`. Its plans belong to the same company: a plan's `company_id`, when given, must be the product's (422); a `company_id` of another company than a non-ADMIN caller's own is an unknown company (422).",
    access: "plans:write",
    body: CreateProductInput,
    responses: {
      201: { description: "The whole tree with ids", schema: ProductResponse },
      422: { description: "Bad nested data; nothing stored" },
    },
  }),
  getProduct: defineOperation({
    method: "GET",
    path: "/products/{id}",
    tag,
    summary: "One product to full depth",
    description:
      "Outside ADMIN, another company's product is not found (404), and another company's plans are left out.",
    access: "plans:read",
    params: IdParams,
    responses: {
      200: { description: "The product", schema: ProductResponse },
      404: { description: "Unknown product, or another company's" },
    },
  }),
  updateProduct: defineOperation({
    method: "PATCH",
    path: "/products/{id}",
    tag,
    summary: "Edit or (de)activate a product",
    description:
      "Outside ADMIN (an API key, for one), only the caller's company's own products: a shared product or another company's answers 403.",
    access: "plans:write",
    params: IdParams,
    body: UpdateProductInput,
    responses: {
      200: { description: "The product", schema: ProductResponse },
      403: { description: "A shared product or another company's, for a caller outside ADMIN" },
      404: { description: "Unknown product" },
    },
  }),
  createPlan: defineOperation({
    method: "POST",
    path: "/products/{id}/plans",
    tag,
    summary: "Add a plan (with versions) to a product",
    description:
      "The plan belongs to the product's company: a `company_id` other than the product's is 422. Outside ADMIN, only under the caller's company's own products: a shared product or another company's answers 403.",
    access: "plans:write",
    params: IdParams,
    body: CreatePlanInput,
    responses: {
      201: { description: "The plan", schema: PlanResponse },
      403: { description: "A shared product or another company's, for a caller outside ADMIN" },
      404: { description: "Unknown product" },
      422: { description: "Bad nested data, or a `company_id` other than the product's" },
    },
  }),
  createVersion: defineOperation({
    method: "POST",
    path: "/plans/{plan_id}/versions",
    tag,
    summary: "Add a version to a plan",
    description:
      "How a plan's terms change once policies use its current version: the old version stays as it was. Outside ADMIN, only in the caller's company's own products: a plan of a shared product or of another company's answers 403.",
    access: "plans:write",
    params: PlanIdParams,
    body: CreateVersionInput,
    responses: {
      201: { description: "The version", schema: VersionResponse },
      403: { description: "A plan of a shared product or of another company's, for a caller outside ADMIN" },
      404: { description: "Unknown plan" },
    },
  }),
  getVersion: defineOperation({
    method: "GET",
    path: "/plan-versions/{id}",
    tag,
    summary: "One plan version with its countries, zones, surcharge bands and coverages",
    access: "plans:read",
    params: IdParams,
    responses: {
      200: { description: "The version", schema: VersionResponse },
      404: { description: "Unknown version" },
    },
  }),
  updateVersion: defineOperation({
    method: "PATCH",
    path: "/plan-versions/{id}",
    tag,
    summary: "(De)activate a version, or edit its terms while no policy uses it",
    description:
      "`is_active` can always change. Prices, ages, waiting times and the lists (countries, zones, age_surcharges, coverages; each given list replaces the old one) change only while no policy uses the version: otherwise 409. Outside ADMIN, only versions of the caller's company's own products: a version of a shared product or of another company's answers 403.",
    access: "plans:write",
    params: IdParams,
    body: UpdateVersionInput,
    responses: {
      200: { description: "The version", schema: VersionResponse },
      403: { description: "A version of a shared product or of another company's, for a caller outside ADMIN" },
      404: { description: "Unknown version" },
      409: { description: "The version is used by a policy" },
    },
  }),
  calculatePrice: defineOperation({
    method: "POST",
    path: "/plans/calculate-price",
    tag,
    summary: "Real-time price for people of one age in one country",
    description:
      "Checks in order: unknown version (or one of another company's plan or product) 404; inactive version (or a version of an inactive product) 400; country not available 422 (an explicit country row decides, else the version's zones); age above max_entry_age 422; negative age or quantity below 1 422. unit = round2(base x (1 + pct/100)), final_price = unit x quantity, half-up to cents.",
    access: "plans:read",
    body: CalculatePriceInput,
    responses: {
      200: { description: "PriceCalculationResponse", schema: PriceQuoteResponse },
      400: { description: "The version is not active" },
      404: { description: "Unknown plan version" },
      422: { description: "Not available in the country, age above the limit, or bad input" },
    },
  }),
};
