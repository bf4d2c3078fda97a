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

export const catalogOperations = {
  listProducts: defineOperation({
    method: "GET",
    path: "/products/",
    tag,
    summary: "The catalog to full depth: products, plans, versions and their rules",
    description:
      "`active_only` (default true) returns only active products. Plans owned by another company are left out for callers outside ADMIN; `cost_price` is null for callers without plans:write.",
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
      "Every nested item is checked (negative prices, unknown currency, max_age below min_age, overlapping surcharge bands, unknown country or zone); any bad item answers 422 with the path of each error and stores nothing.",
    access: "plans:write",
    body: CreateProductInput,
    responses: { 201: { description: "The whole tree with ids", schema: ProductResponse }, 422: { description: "Bad nested data; nothing stored" } },
  }),
  getProduct: defineOperation({
    method: "GET",
    path: "/products/{id}",
    tag,
    summary: "One product to full depth",
    access: "plans:read",
    params: IdParams,
    responses: { 200: { description: "The product", schema: ProductResponse }, 404: { description: "Unknown product" } },
  }),
  updateProduct: defineOperation({
    method: "PATCH",
    path: "/products/{id}",
    tag,
    summary: "Edit or (de)activate a product",
    access: "plans:write",
    params: IdParams,
    body: UpdateProductInput,
    responses: { 200: { description: "The product", schema: ProductResponse }, 404: { description: "Unknown product" } },
  }),
  createPlan: defineOperation({
    method: "POST",
    path: "/products/{id}/plans",
    tag,
    summary: "Add a plan (with versions) to a product",
    access: "plans:write",
    params: IdParams,
    body: CreatePlanInput,
    responses: { 201: { description: "The plan", schema: PlanResponse }, 404: { description: "Unknown product" } },
  }),
  createVersion: defineOperation({
    method: "POST",
    path: "/plans/{plan_id}/versions",
    tag,
    summary: "Add a version to a plan",
    description: "How a plan's terms change once policies use its current version: the old version stays as it was.",
    access: "plans:write",
    params: PlanIdParams,
    body: CreateVersionInput,
    responses: { 201: { description: "The version", schema: VersionResponse }, 404: { description: "Unknown plan" } },
  }),
  getVersion: defineOperation({
    method: "GET",
    path: "/plan-versions/{id}",
    tag,
    summary: "One plan version with its countries, zones, surcharge bands and coverages",
    access: "plans:read",
    params: IdParams,
    responses: { 200: { description: "The version", schema: VersionResponse }, 404: { description: "Unknown version" } },
  }),
  updateVersion: defineOperation({
    method: "PATCH",
    path: "/plan-versions/{id}",
    tag,
    summary: "(De)activate a version, or edit its terms while no policy uses it",
    description:
      "`is_active` can always change. Prices, ages, waiting times and the lists (countries, zones, age_surcharges, coverages; each given list replaces the old one) change only while no policy uses the version: otherwise 409.",
    access: "plans:write",
    params: IdParams,
    body: UpdateVersionInput,
    responses: {
      200: { description: "The version", schema: VersionResponse },
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
      "Checks in order: unknown version 404; inactive version (or a version of an inactive product) 400; country not available 422 (an explicit country row decides, else the version's zones); age above max_entry_age 422; negative age or quantity below 1 422. unit = round2(base x (1 + pct/100)), final_price = unit x quantity, half-up to cents.",
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
