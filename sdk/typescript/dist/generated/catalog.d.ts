/** What a FILE prop accepts: an http(s) URL, a data: URL, base64 text, or an object with the base64 content. */
export type FileInput = string | {
    filename?: string;
    base64: string;
};
/** The input of every action of the catalog this SDK was generated from: ActionInputs[integration][action]. */
export interface ActionInputs {
    /** Advanced Code */
    "advanced-code": {
        /** Run Code */
        run_code: {
            /** Language */
            language: "javascript" | "python" | "shell";
            /** Code: The program; stdout and stderr are captured (1 MiB each). */
            code: string;
        };
    };
    /** Agent Browser */
    "agent-browser": {
        /** Click */
        click: {
            /** Target: The element: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
            target: string;
            /** Button */
            button?: "left" | "right" | "middle";
            /** Double click */
            doubleClick?: boolean;
        };
        /** Current page */
        current_page: Record<string, never>;
        /** Drag and drop */
        drag: {
            /** Dragged element: a ref from a snapshot (e.g. e12) or a CSS selector */
            startTarget: string;
            /** Drop target: a ref from a snapshot or a CSS selector */
            endTarget: string;
        };
        /** End the browser session */
        end_session: Record<string, never>;
        /** Evaluate JavaScript */
        evaluate: {
            /** Function: a function expression; it may be async */
            function: string;
            /** Target: The element: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
            target?: string;
        };
        /** Upload files */
        file_upload: {
            /** Target: The file input: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
            target: string;
            /** Files */
            files: Array<{
                /** File name */
                name: string;
                /** Content (base64) */
                content: string;
                /** MIME type */
                mimeType?: string;
            }>;
        };
        /** Fill a form */
        fill_form: {
            /** Fields */
            fields: Array<{
                /** Target: The field: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
                target: string;
                /** Value: text; true/false for a checkbox or radio; an option value or label (or a list) for a select */
                value?: unknown;
            }>;
        };
        /** Answer a dialog */
        handle_dialog: {
            /** Accept: OK (true, default) or Cancel (false) */
            accept?: boolean;
            /** Prompt text: the answer to a prompt dialog */
            promptText?: string;
        };
        /** Hover */
        hover: {
            /** Target: The element: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
            target: string;
        };
        /** Navigate */
        navigate: {
            /** URL: an http or https URL */
            url: string;
            /** Wait until: load (default), domcontentloaded, networkidle or commit */
            waitUntil?: "load" | "domcontentloaded" | "networkidle" | "commit";
        };
        /** Go back */
        navigate_back: Record<string, never>;
        /** Press a key */
        press_key: {
            /** Key: a key name as in KeyboardEvent.key, or a chord like Control+A */
            key: string;
            /** Target: The element: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
            target?: string;
        };
        /** Read HTML */
        read_html: {
            /** Target: The element: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
            target?: string;
            /** Max characters: default 100000 */
            maxChars?: number;
        };
        /** Read text */
        read_text: {
            /** Target: The element: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
            target?: string;
            /** Max characters: default 20000 */
            maxChars?: number;
        };
        /** Run several steps */
        run_steps: {
            /** Steps: actions: navigate, navigate_back, current_page, snapshot, read_text, read_html, click, type, fill_form, select_option, hover, drag, press_key, file_upload, evaluate, wait_for, handle_dialog, t… */
            steps: unknown[];
            /** Stop on error: stop at the first failing step and fail the call (default true) */
            stopOnError?: boolean;
        };
        /** Screenshot */
        screenshot: {
            /** Target: The element: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
            target?: string;
            /** Full page: the whole scrollable page instead of the viewport */
            fullPage?: boolean;
            /** Format */
            format?: "png" | "jpeg";
            /** JPEG quality: 1 to 100 (default 80); asking for a quality takes a JPEG */
            quality?: number;
        };
        /** Select an option */
        select_option: {
            /** Target: The select element: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
            target: string;
            /** Values: option values or labels */
            values: unknown[];
        };
        /** Session status */
        session_status: Record<string, never>;
        /** Snapshot the page */
        snapshot: {
            /** Max lines: lines at most (default 1500) */
            maxLines?: number;
        };
        /** Start a browser session */
        start_session: {
            /** Allowed hosts: host names, *.example.com wildcards or IPs; omit to allow any public host */
            allowedHosts?: unknown[];
            /** Headless: run without a window (default true) */
            headless?: boolean;
        };
        /** Tabs */
        tabs: {
            /** Action */
            action?: "list" | "new" | "select" | "close";
            /** Tab index: for select and close (0-based) */
            index?: number;
            /** URL: for new: open this URL in the new tab */
            url?: string;
        };
        /** Type text */
        type: {
            /** Target: The element: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
            target: string;
            /** Text */
            text: string;
            /** Press Enter after */
            submit?: boolean;
            /** Type key by key */
            slowly?: boolean;
        };
        /** Wait for */
        wait_for: {
            /** Text appears */
            text?: string;
            /** Text disappears */
            textGone?: string;
            /** Element visible: a CSS or Playwright selector */
            selector?: string;
            /** Seconds: just wait this long (at most 30) */
            time?: number;
            /** Timeout (s): for text, textGone and selector; default 10 */
            timeout?: number;
        };
    };
    /** Agent Browser (stealth) */
    "agent-browser-stealth": {
        /** Click */
        click: {
            /** Target: The element: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
            target: string;
            /** Button */
            button?: "left" | "right" | "middle";
            /** Double click */
            doubleClick?: boolean;
        };
        /** Current page */
        current_page: Record<string, never>;
        /** Drag and drop */
        drag: {
            /** Dragged element: a ref from a snapshot (e.g. e12) or a CSS selector */
            startTarget: string;
            /** Drop target: a ref from a snapshot or a CSS selector */
            endTarget: string;
        };
        /** End the browser session */
        end_session: Record<string, never>;
        /** Evaluate JavaScript */
        evaluate: {
            /** Function: a function expression; it may be async */
            function: string;
            /** Target: The element: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
            target?: string;
        };
        /** Upload files */
        file_upload: {
            /** Target: The file input: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
            target: string;
            /** Files */
            files: Array<{
                /** File name */
                name: string;
                /** Content (base64) */
                content: string;
                /** MIME type */
                mimeType?: string;
            }>;
        };
        /** Fill a form */
        fill_form: {
            /** Fields */
            fields: Array<{
                /** Target: The field: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
                target: string;
                /** Value: text; true/false for a checkbox or radio; an option value or label (or a list) for a select */
                value?: unknown;
            }>;
        };
        /** Answer a dialog */
        handle_dialog: {
            /** Accept: OK (true, default) or Cancel (false) */
            accept?: boolean;
            /** Prompt text: the answer to a prompt dialog */
            promptText?: string;
        };
        /** Hover */
        hover: {
            /** Target: The element: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
            target: string;
        };
        /** Navigate */
        navigate: {
            /** URL: an http or https URL */
            url: string;
            /** Wait until: load (default), domcontentloaded, networkidle or commit */
            waitUntil?: "load" | "domcontentloaded" | "networkidle" | "commit";
        };
        /** Go back */
        navigate_back: Record<string, never>;
        /** Press a key */
        press_key: {
            /** Key: a key name as in KeyboardEvent.key, or a chord like Control+A */
            key: string;
            /** Target: The element: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
            target?: string;
        };
        /** Read HTML */
        read_html: {
            /** Target: The element: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
            target?: string;
            /** Max characters: default 100000 */
            maxChars?: number;
        };
        /** Read text */
        read_text: {
            /** Target: The element: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
            target?: string;
            /** Max characters: default 20000 */
            maxChars?: number;
        };
        /** Run several steps */
        run_steps: {
            /** Steps: actions: navigate, navigate_back, current_page, snapshot, read_text, read_html, click, type, fill_form, select_option, hover, drag, press_key, file_upload, evaluate, wait_for, handle_dialog, t… */
            steps: unknown[];
            /** Stop on error: stop at the first failing step and fail the call (default true) */
            stopOnError?: boolean;
        };
        /** Screenshot */
        screenshot: {
            /** Target: The element: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
            target?: string;
            /** Full page: the whole scrollable page instead of the viewport */
            fullPage?: boolean;
            /** Format */
            format?: "png" | "jpeg";
            /** JPEG quality: 1 to 100 (default 80); asking for a quality takes a JPEG */
            quality?: number;
        };
        /** Select an option */
        select_option: {
            /** Target: The select element: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
            target: string;
            /** Values: option values or labels */
            values: unknown[];
        };
        /** Session status */
        session_status: Record<string, never>;
        /** Snapshot the page */
        snapshot: {
            /** Max lines: lines at most (default 1500) */
            maxLines?: number;
        };
        /** Start a browser session */
        start_session: {
            /** Allowed hosts: host names, *.example.com wildcards or IPs; omit to allow any public host */
            allowedHosts?: unknown[];
            /** Headless: run without a window (default true) */
            headless?: boolean;
        };
        /** Tabs */
        tabs: {
            /** Action */
            action?: "list" | "new" | "select" | "close";
            /** Tab index: for select and close (0-based) */
            index?: number;
            /** URL: for new: open this URL in the new tab */
            url?: string;
        };
        /** Type text */
        type: {
            /** Target: The element: a ref from the latest snapshot (e.g. e12) or a CSS or Playwright selector (its first match) */
            target: string;
            /** Text */
            text: string;
            /** Press Enter after */
            submit?: boolean;
            /** Type key by key */
            slowly?: boolean;
        };
        /** Wait for */
        wait_for: {
            /** Text appears */
            text?: string;
            /** Text disappears */
            textGone?: string;
            /** Element visible: a CSS or Playwright selector */
            selector?: string;
            /** Seconds: just wait this long (at most 30) */
            time?: number;
            /** Timeout (s): for text, textGone and selector; default 10 */
            timeout?: number;
        };
    };
    /** Airtable */
    airtable: {
        /** Create Airtable Record */
        airtable_create_record: {
            /** Base */
            base: unknown;
            /** Table */
            tableId: unknown;
            /** Table */
            fields: unknown;
        };
    };
    /** Amazon S3 */
    "amazon-s3": {
        /** Read File */
        "read-file": {
            /** Key: The key of the file to read */
            key: string;
        };
        /** Upload File */
        "upload-file": {
            /** File */
            file: FileInput;
            /** File Name: my-file-name (no extension) */
            fileName?: string;
            /** ACL */
            acl?: "private" | "public-read" | "public-read-write" | "authenticated-read" | "aws-exec-read" | "bucket-owner-read" | "bucket-owner-full-control";
            /** Type */
            type: "image/png" | "image/jpeg" | "image/gif" | "audio/mpeg" | "audio/wav" | "video/mp4" | "application/pdf" | "application/msword" | "text/plain" | "application/json";
        };
    };
    /** APITemplate.io */
    "apitemplate-io": {
        /** Create Image */
        createImage: {
            /** Template ID */
            templateId: unknown;
            /** Template Data: JSON data with overrides array to populate the template. Format: {"overrides": [{"name": "object_name", "property": "value"}]}. */
            data: unknown;
            /** Generation Delay (ms): Delay in milliseconds before PDF generation */
            generationDelay?: number;
            /** External Reference ID: Specify an external reference ID for your own reference */
            meta?: string;
        };
        /** Create PDF */
        createPdf: {
            /** Template ID */
            templateId: unknown;
            /** Template Data: JSON data with overrides array to populate the template. Format: {"overrides": [{"name": "object_name", "property": "value"}]}. */
            data: unknown;
            /** Expiration (minutes): Expiration of the generated PDF in minutes. Use 0 to store permanently, or 1-10080 minutes (7 days) to specify expiration. */
            expiration?: number;
            /** Generation Delay (ms): Delay in milliseconds before PDF generation */
            generationDelay?: number;
            /** External Reference ID: Specify an external reference ID for your own reference */
            meta?: string;
        };
        /** Create PDF From HTML */
        createPdfFromHtml: {
            /** HTML Content: The HTML content to convert to PDF. Can include CSS styles and external resources. */
            html: string;
            /** CSS Styles: Optional CSS styles to apply to the HTML content. Can include inline styles or external stylesheets. */
            css?: string;
            /** Data for Templating: Optional JSON data to use for templating the HTML content. Can include variables and dynamic content. */
            data?: unknown;
            /** Expiration (minutes): Expiration of the generated PDF in minutes. Use 0 to store permanently, or 1-10080 minutes (7 days) to specify expiration. */
            expiration?: number;
            /** Page Size: PDF page size format */
            pageSize?: "A4" | "A3" | "A5" | "Letter" | "Legal" | "Tabloid";
            /** Page Orientation: PDF page orientation */
            orientation?: "portrait" | "landscape";
            /** Margin Top (mm): Top margin in millimeters */
            marginTop?: number;
            /** Margin Bottom (mm): Bottom margin in millimeters */
            marginBottom?: number;
            /** Margin Left (mm): Left margin in millimeters */
            marginLeft?: number;
            /** Margin Right (mm): Right margin in millimeters */
            marginRight?: number;
            /** Print Background: Whether to print background graphics and colors */
            printBackground?: boolean;
            /** Header Font Size: Font size for header (e.g., "9px") */
            headerFontSize?: string;
            /** Display Header/Footer: Whether to display header and footer */
            displayHeaderFooter?: boolean;
            /** Custom Header HTML: Custom HTML content for header */
            customHeader?: string;
            /** Custom Footer HTML: Custom HTML content for footer */
            customFooter?: string;
            /** Scale: Scale factor for the PDF (0.1 to 2.0) */
            scale?: number;
            /** Wait Timeout (ms): Time to wait before generating PDF (in milliseconds) */
            waitForTimeout?: number;
            /** External Reference ID: Specify an external reference ID for your own reference */
            meta?: string;
        };
        /** Create PDF From URL */
        createPdfFromUrl: {
            /** URL: The URL of the webpage to convert to PDF */
            url: string;
            /** Expiration (minutes): Expiration of the generated PDF in minutes. Use 0 to store permanently, or 1-10080 minutes (7 days) to specify expiration. */
            expiration?: number;
            /** Page Size: PDF page size format */
            pageSize?: "A4" | "A3" | "A5" | "Letter" | "Legal" | "Tabloid";
            /** Page Orientation: PDF page orientation */
            orientation?: "portrait" | "landscape";
            /** Margin Top (mm): Top margin in millimeters */
            marginTop?: number;
            /** Margin Bottom (mm): Bottom margin in millimeters */
            marginBottom?: number;
            /** Margin Left (mm): Left margin in millimeters */
            marginLeft?: number;
            /** Margin Right (mm): Right margin in millimeters */
            marginRight?: number;
            /** Print Background: Whether to print background graphics and colors */
            printBackground?: boolean;
            /** Header Font Size: Font size for header (e.g., "9px") */
            headerFontSize?: string;
            /** Display Header/Footer: Whether to display header and footer */
            displayHeaderFooter?: boolean;
            /** Custom Header HTML: Custom HTML content for header */
            customHeader?: string;
            /** Custom Footer HTML: Custom HTML content for footer */
            customFooter?: string;
            /** Scale: Scale factor for the PDF (0.1 to 2.0) */
            scale?: number;
            /** Wait Timeout (ms): Time to wait for page to load before generating PDF (in milliseconds) */
            waitForTimeout?: number;
            /** Wait for Selector: CSS selector to wait for before generating PDF (e.g., ".content-loaded") */
            waitForSelector?: string;
            /** Viewport Width: Browser viewport width in pixels (default: 1920) */
            viewportWidth?: number;
            /** Viewport Height: Browser viewport height in pixels (default: 1080) */
            viewportHeight?: number;
            /** Full Page: Capture the full scrollable page */
            fullPage?: boolean;
            /** External Reference ID: Specify an external reference ID for your own reference */
            meta?: string;
        };
        /** Custom API Call */
        custom_api_call: {
            /** Url */
            url: unknown;
            /** Method */
            method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";
            /** Headers: Authorization headers are injected automatically from your connection. */
            headers?: Record<string, unknown>;
            /** Query Parameters: Appended to the URL as ?key=value. */
            queryParams?: Record<string, unknown>;
            /** Body Type */
            body_type?: unknown;
            /** Body */
            body?: unknown;
            /** Response is Binary: Enable for files like PDFs, images, etc. */
            response_is_binary?: boolean;
            /** Return Error as Output: On a failed request, output the error instead of failing the step. */
            failsafe?: boolean;
            /** Timeout: Seconds to wait for a response. Empty: up to the flow limit (10 min). */
            timeout?: number;
            /** Follow redirects: Follow 3xx redirects instead of returning them as the response. */
            followRedirects?: boolean;
        };
        /** Delete Object */
        deleteObject: {
            /** Transaction Reference: Select a transaction reference to filter objects. */
            transactionRef?: unknown;
        };
        /** Get Account Information */
        getAccountInformation: Record<string, never>;
        /** List Objects */
        listObjects: {
            /** Limit: Maximum number of objects to return (default: 300, max: 300) */
            limit?: number;
            /** Offset: Number of objects to skip for pagination (default: 0) */
            offset?: number;
            /** Template ID: Filter objects by template ID (optional) */
            templateId?: string;
            /** Transaction Reference: Filter by specific transaction reference (optional) */
            transactionRef?: string;
            /** Date From: Start date for filtering (YYYY-MM-DD format, optional) */
            dateFrom?: string;
            /** Date To: End date for filtering (YYYY-MM-DD format, optional) */
            dateTo?: string;
            /** Meta Filter: Filter by external reference ID (meta field) */
            meta?: string;
        };
    };
    /** Asana */
    asana: {
        /** Create Task */
        create_task: {
            /** Workspace: Asana workspace to create the task in */
            workspace: unknown;
            /** Project: Asana Project to create the task in */
            project: unknown;
            /** Task Name: The name of the task to create */
            name: string;
            /** Task Description: Free-form textual information associated with the task (i.e. its description). */
            notes: string;
        };
    };
    /** Ashby */
    ashby: {
        /** Custom API Call */
        custom_api_call: {
            /** Url */
            url: unknown;
            /** Method */
            method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";
            /** Headers: Authorization headers are injected automatically from your connection. */
            headers?: Record<string, unknown>;
            /** Query Parameters: Appended to the URL as ?key=value. */
            queryParams?: Record<string, unknown>;
            /** Body Type */
            body_type?: unknown;
            /** Body */
            body?: unknown;
            /** Response is Binary: Enable for files like PDFs, images, etc. */
            response_is_binary?: boolean;
            /** Return Error as Output: On a failed request, output the error instead of failing the step. */
            failsafe?: boolean;
            /** Timeout: Seconds to wait for a response. Empty: up to the flow limit (10 min). */
            timeout?: number;
            /** Follow redirects: Follow 3xx redirects instead of returning them as the response. */
            followRedirects?: boolean;
        };
    };
    /** Baserow */
    baserow: {
        /** Aggregate Field */
        baserow_aggregate_field: {
            /** Table: Select the table. */
            table_id: unknown;
            /** View: Select the grid view to aggregate. */
            view_id: unknown;
            /** Field: Select the field to aggregate. */
            field_id: unknown;
            /** Aggregation Type: The calculation to run over the field. **Sum, Average, Min, Max, Median, Std Dev, and Variance** only work with number fields. */
            aggregation_type: "sum" | "average" | "min" | "max" | "not_empty_count" | "empty_count" | "unique_count" | "median" | "std_dev" | "variance";
        };
        /** Batch Create Rows */
        baserow_batch_create_rows: {
            /** Table: Select the table. */
            table_id: unknown;
            /** Rows: A JSON array of objects. Each object represents a row with field names as keys. */
            rows?: unknown;
        };
        /** Batch Delete Rows */
        baserow_batch_delete_rows: {
            /** Table: Select the table. */
            table_id: unknown;
            /** Row IDs: Numeric IDs of the rows to delete. You can get row IDs from the List Rows or Find Row actions. */
            row_ids: unknown[];
        };
        /** Batch Update Rows */
        baserow_batch_update_rows: {
            /** Table: Select the table. */
            table_id: unknown;
            /** Rows: A JSON array of objects. Each object must include an "id" field and the fields to update. */
            rows?: unknown;
        };
        /** Clean Row */
        baserow_clean_row: {
            /** Table: Select the table. */
            table_id: unknown;
            /** Row: Select the row. */
            row_id: unknown;
            /** Table Fields */
            table_fields: unknown;
        };
        /** Create Row */
        baserow_create_row: {
            /** Table: Select the table. */
            table_id: unknown;
            /** Table Fields */
            table_fields: unknown;
            /** Create missing select options: When enabled, single/multi-select values that do not yet exist in the field will be added before creating the row. Existing options are preserved. */
            create_missing_select_options?: boolean;
        };
        /** Delete Row */
        baserow_delete_row: {
            /** Table: Select the table. */
            table_id: unknown;
            /** Row: Select the row. */
            row_id: unknown;
        };
        /** Find Row */
        baserow_find_row: {
            /** Table: Select the table. */
            table_id: unknown;
            /** Field: Select the field to search by. */
            field_name: unknown;
            /** Field Value: The value to search for (exact match). */
            field_value: string;
        };
        /** Get Row */
        baserow_get_row: {
            /** Table: Select the table. */
            table_id: unknown;
            /** Row: Select the row. */
            row_id: unknown;
        };
        /** List Rows */
        baserow_list_rows: {
            /** Table: Select the table. */
            table_id: unknown;
            /** Page: Page number to return. Defaults to 1. */
            page?: number;
            /** Page Size: Number of rows to return per page. Maximum 200. Defaults to 100. */
            limit?: number;
            /** Search: Return only rows whose cell data matches this search term. */
            search?: string;
            /** Order By: Field name to sort by. Prefix with **-** for descending or **+** for ascending. Example: `-Name` sorts by Name Z→A. */
            order_by?: string;
            /** Filter Combination: How to combine multiple filters. **AND** requires all filters to match; **OR** requires any one filter to match. */
            filter_type?: "AND" | "OR";
            /** Markdown: **How to add filters** (optional): Each filter is a JSON object with three keys: - `field` — numeric field ID (in Baserow, click the field header; the ID appears in the page URL) - `type` —… */
            filter_instructions?: string;
            /** Filters: Each entry is a JSON object with "field" (numeric ID), "type" (operator), and "value". Leave empty to return all rows. */
            filters?: unknown[];
        };
        /** Update Row */
        baserow_update_row: {
            /** Table: Select the table. */
            table_id: unknown;
            /** Row: Select the row. */
            row_id: unknown;
            /** Table Fields */
            table_fields: unknown;
            /** Create missing select options: When enabled, single/multi-select values that do not yet exist in the field will be added before updating the row. Existing options are preserved. */
            create_missing_select_options?: boolean;
        };
        /** Upload File */
        baserow_upload_file: {
            /** File URL: The public URL of the file to upload to Baserow. */
            url: string;
        };
        /** Upsert Row */
        baserow_upsert_row: {
            /** Table: Select the table. */
            table_id: unknown;
            /** Match Field: Select the field to search for an existing row. */
            match_field: unknown;
            /** Match Value: The value to search for (exact match). If a row with this value is found it will be updated; otherwise a new row is created. */
            match_value: string;
            /** Table Fields */
            table_fields: unknown;
            /** Create missing select options: When enabled, single/multi-select values that do not yet exist in the field will be added before creating or updating the row. Existing options are preserved. */
            create_missing_select_options?: boolean;
        };
        /** Custom API Call */
        custom_api_call: {
            /** Url */
            url: unknown;
            /** Method */
            method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";
            /** Headers: Authorization headers are injected automatically from your connection. */
            headers?: Record<string, unknown>;
            /** Query Parameters: Appended to the URL as ?key=value. */
            queryParams?: Record<string, unknown>;
            /** Body Type */
            body_type?: unknown;
            /** Body */
            body?: unknown;
            /** Response is Binary: Enable for files like PDFs, images, etc. */
            response_is_binary?: boolean;
            /** Return Error as Output: On a failed request, output the error instead of failing the step. */
            failsafe?: boolean;
            /** Timeout: Seconds to wait for a response. Empty: up to the flow limit (10 min). */
            timeout?: number;
            /** Follow redirects: Follow 3xx redirects instead of returning them as the response. */
            followRedirects?: boolean;
        };
    };
    /** Binance */
    binance: {
        /** Fetch Pair Price */
        fetch_crypto_pair_price: {
            /** First Coin Symbol: The currency to fetch the price for (e.g. 'BTC' in 'BTC/USDT') */
            first_coin: string;
            /** Second Coin Symbol: The currency to fetch the price in (e.g. 'USDT' in 'BTC/USDT') */
            second_coin: string;
        };
    };
    /** Clarifai */
    clarifai: {
        /** Ask LLM */
        "ask-llm": {
            /** Model Id: The model which will generate the response. If the model is not listed, get the model id from the clarifai website. Example : 'GPT-4' you can get the model id from here [https://clarifai.co… */
            models?: unknown;
            /** Prompt: The prompt to send to the model. */
            prompt: string;
        };
        /** Audio to Text */
        audio_text_model: {
            /** Model URL: URL of the Clarifai model. For example https://clarifai.com/clarifai/main/models/general-image-recognition OR a specific version such as https://clarifai.com/clarifai/main/models/general-i… */
            modelUrl: string;
            /** Input URL or bytes: URL or base64 bytes of the audio to classify */
            file: FileInput;
        };
        /** Ask IGM */
        "generate-igm": {
            /** Model Id: The model which will generate the response. If the model is not listed, get the model id from the clarifai website. Example : 'GPT-4' you can get the model id from here [https://clarifai.co… */
            models?: unknown;
            /** Prompt: The prompt to send to the model. */
            prompt: string;
        };
        /** Image to Text */
        image_text_model: {
            /** Model URL: URL of the Clarifai model. For example https://clarifai.com/clarifai/main/models/general-image-recognition OR a specific version such as https://clarifai.com/clarifai/main/models/general-i… */
            modelUrl: string;
            /** Input URL or bytes: URL or base64 bytes of the image to classify */
            file: FileInput;
        };
        /** Add Inputs */
        post_inputs: {
            /** User ID: User ID to associate with the input */
            userId: string;
            /** App ID: App ID (project) to associate with the input */
            appId: string;
            /** Input URL or bytes: URL or base64 bytes of the audio to classify */
            file: FileInput;
        };
        /** Classify Text */
        text_classifier_model: {
            /** Model URL: URL of the Clarifai model. For example https://clarifai.com/clarifai/main/models/general-image-recognition OR a specific version such as https://clarifai.com/clarifai/main/models/general-i… */
            modelUrl: string;
            /** Input Text: Text to classify */
            txt: string;
        };
        /** Text to Text */
        text_text_model: {
            /** Model URL: URL of the Clarifai model. For example https://clarifai.com/clarifai/main/models/general-image-recognition OR a specific version such as https://clarifai.com/clarifai/main/models/general-i… */
            modelUrl: string;
            /** Input Text: Text to classify */
            txt: string;
        };
        /** Classify Images or Videos */
        visual_classifier_model: {
            /** Model URL: URL of the Clarifai model. For example https://clarifai.com/clarifai/main/models/general-image-recognition OR a specific version such as https://clarifai.com/clarifai/main/models/general-i… */
            modelUrl: string;
            /** Input URL or bytes: URL or base64 bytes of the image or video to classify */
            file: FileInput;
        };
        /** Run Workflow */
        workflow_predict: {
            /** Workflow URL: URL of the Clarifai workflow. For example https://clarifai.com/clarifai/main/workflows/Demographics. Find more workflows at https://clarifai.com/explore/workflows */
            workflowUrl: string;
            /** Input URL or bytes: URL or base64 bytes of the incoming image/video/text/audio to run through the workflow. Note: must be appropriate first step of the workflow to handle that data type. */
            file: FileInput;
        };
    };
    /** Clickup */
    clickup: {
        /** Create Folderless List */
        create_folderless_list: {
            /** Workspace: The ID of the ClickUp workspace to create the task in */
            workspace_id: unknown;
            /** Space: The ID of the ClickUp space to create the task in */
            space_id?: unknown;
            /** List Name: The name of the list to create */
            name: string;
        };
        /** Create Subtask */
        create_subtask: {
            /** Workspace: The ID of the ClickUp workspace to create the task in */
            workspace_id: unknown;
            /** Space: The ID of the ClickUp space to create the task in */
            space_id?: unknown;
            /** List: The ID of the ClickUp space to create the task in */
            list_id?: unknown;
            /** Task Id: The ID of the ClickUp task */
            task_id?: unknown;
            /** Task Name: The name of the task to create */
            name: string;
            /** Task Description: The description of the task to create */
            description: string;
        };
        /** Create Task */
        create_task: {
            /** Workspace: The ID of the ClickUp workspace to create the task in */
            workspace_id: unknown;
            /** Space: The ID of the ClickUp space to create the task in */
            space_id?: unknown;
            /** List: The ID of the ClickUp space to create the task in */
            list_id?: unknown;
            /** Task Name: The name of the task to create */
            name: string;
            /** Task Description: The description of the task to create */
            description: string;
        };
        /** Create Task Comment */
        create_task_comments: {
            /** Workspace: The ID of the ClickUp workspace to create the task in */
            workspace_id: unknown;
            /** Space: The ID of the ClickUp space to create the task in */
            space_id?: unknown;
            /** List: The ID of the ClickUp space to create the task in */
            list_id?: unknown;
            /** Task Id: The ID of the ClickUp task */
            task_id?: unknown;
            /** Comment: Comment to make on the task */
            comment: string;
        };
        /** Get List */
        get_list: {
            /** List ID: The id of the list to get */
            list_id: string;
        };
        /** Get Space */
        get_space: {
            /** Space ID: The id of the space to get */
            space_id: string;
        };
        /** Get Spaces */
        get_spaces: {
            /** Workspace: The ID of the ClickUp workspace to create the task in */
            team_id: unknown;
        };
        /** Get Task Comments */
        get_task_comments: {
            /** Task ID: The ID of the task to get */
            task_id: string;
        };
    };
    /** Code */
    code: {
        /** Run JavaScript */
        run_code: {
            /** Code: e.g. return inputs.items.length */
            code: string;
            /** Inputs */
            inputs?: Record<string, unknown>;
        };
    };
    /** Data Mapper */
    "data-mapper": {
        /** Advanced Mapping */
        advanced_mapping: {
            /** Mapping: The mapping to use */
            mapping?: unknown;
        };
    };
    /** Data Transformer */
    "data-transformer": {
        /** Split an array into batches */
        batch_array: {
            /** Array */
            array: unknown[];
            /** Batch size */
            batchSize: number;
        };
        /** Filter an array */
        filter_array: {
            /** Array */
            array: unknown[];
            /** Conditions */
            conditions: Record<string, unknown>;
        };
        /** Merge objects */
        merge_objects: {
            /** Objects */
            objects: unknown[];
            /** Strategy */
            strategy?: "deep" | "shallow" | "first" | "last";
        };
        /** Transform JSON */
        transform_json: {
            /** Input */
            input: unknown;
            /** Mapping: output key → JSONPath */
            mapping: Record<string, unknown>;
        };
    };
    /** Date & Time */
    datetime: {
        /** Add to or subtract from a date */
        date_math: {
            /** Date */
            date: string;
            /** Operation */
            operation?: "add" | "subtract";
            /** Amount */
            amount: number;
            /** Unit */
            unit?: "seconds" | "minutes" | "hours" | "days" | "weeks" | "months" | "years";
            /** Time zone: IANA name, e.g. Europe/Paris */
            timezone?: string;
        };
        /** Format a date */
        format_date: {
            /** Date */
            date: string;
            /** Format */
            format?: "iso" | "us" | "eu" | "long" | "short" | "time" | "datetime" | "relative";
            /** Time zone: IANA name, e.g. Europe/Paris */
            timezone?: string;
        };
        /** Is it business hours? */
        is_business_hours: {
            /** Date: Default: now */
            date?: string;
            /** Time zone: IANA name, e.g. Europe/Paris */
            timezone?: string;
            /** Start hour */
            startHour?: number;
            /** End hour */
            endHour?: number;
            /** Work days: 0 = Sunday ... 6 = Saturday */
            workDays?: unknown[];
        };
        /** Parse a date */
        parse_date: {
            /** Date */
            dateString: string;
            /** Time zone: IANA name, e.g. Europe/Paris */
            timezone?: string;
        };
    };
    /** DeepSeek */
    deepseek: {
        /** Ask Deepseek */
        ask_deepseek: {
            /** Model: The model which will generate the completion. */
            model?: unknown;
            /** Question */
            prompt: string;
            /** Frequency penalty: Number between -2.0 and 2.0. Positive values penalize new tokens based on their existing frequency in the text so far, decreasing the model's likelihood to repeat the same line ver… */
            frequencyPenalty?: number;
            /** Maximum Tokens: The maximum number of tokens to generate. Possible values are between 1 and 8192. */
            maxTokens?: number;
            /** Presence penalty: Number between -2.0 and 2.0. Positive values penalize new tokens based on whether they appear in the text so far, increasing the mode's likelihood to talk about new topics. */
            presencePenalty?: number;
            /** Response Format: The format of the response. IMPORTANT: When using JSON Output, you must also instruct the model to produce JSON yourself */
            responseFormat?: "text" | "json_object";
            /** Temperature: Controls randomness: Lowering results in less random completions. As the temperature approaches zero, the model will become deterministic and repetitive. Between 0 and 2. We generally re… */
            temperature?: number;
            /** Top P: An alternative to sampling with temperature, called nucleus sampling, where the model considers the results of the tokens with top_p probability mass. So 0.1 means only the tokens comprising t… */
            topP?: number;
            /** Memory Key: A memory key that will keep the chat history shared across runs and flows. Keep it empty to leave Deepseek without memory of previous messages. */
            memoryKey?: string;
            /** Roles: Array of roles to specify more accurate response */
            roles?: unknown;
        };
    };
    /** Delay */
    delay: {
        /** Delay For */
        delayFor: {
            /** Markdown: **Note:** The maximum duration per step is {{pausedFlowTimeoutDays}} days. */
            markdown?: string;
            /** Unit: The unit of time to delay the execution of the next action */
            unit?: "seconds" | "minutes" | "hours" | "days";
            /** Amount: The number of units to delay the execution of the next action */
            delayFor: number;
        };
        /** Delay Until */
        delay_until: {
            /** Markdown: **Note:** The maximum duration per step is {{pausedFlowTimeoutDays}} days. */
            markdown?: string;
            /** Date and Time: Specifies the date and time until which the execution of the next action should be delayed. It supports multiple formats, including ISO format. */
            delayUntilTimestamp: string | number;
        };
    };
    /** Discord */
    discord: {
        /** Send Message Webhook */
        send_message_webhook: {
            /** Webhook URL */
            webhook_url: string;
            /** Message */
            content: string;
        };
    };
    /** Drip */
    drip: {
        /** Add a subscriber to a campaign */
        add_subscriber_to_campaign: {
            /** Account */
            account_id: unknown;
            /** Email Series Campaign */
            campaign_id: unknown;
            /** Subscriber Email: Email of the subscriber */
            subscriber: string;
            /** tags: Tags to apply to subscriber */
            tags?: unknown[];
            /** Custom Fields: Custom field data about the subscriber */
            custom_fields?: Record<string, unknown>;
        };
        /** Apply a tag to subscriber */
        apply_tag_to_subscriber: {
            /** Account */
            account_id: unknown;
            /** Subscriber Email: Email of the subscriber */
            subscriber: string;
            /** Tag: Tag to apply */
            tag: string;
        };
        /** Custom API Call */
        custom_api_call: {
            /** Url */
            url: unknown;
            /** Method */
            method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";
            /** Headers: Authorization headers are injected automatically from your connection. */
            headers: Record<string, unknown>;
            /** Query Parameters */
            queryParams: Record<string, unknown>;
            /** Body Type */
            body_type?: "none" | "json" | "form_data" | "raw";
            /** Body */
            body?: unknown;
            /** Response is Binary ?: Enable for files like PDFs, images, etc. */
            response_is_binary?: boolean;
            /** No Error on Failure */
            failsafe?: boolean;
            /** Timeout (in seconds) */
            timeout?: number;
            /** Follow redirects */
            followRedirects?: boolean;
        };
        /** Create or Update Subscriber */
        upsert_subscriber: {
            /** Account */
            account_id: unknown;
            /** Subscriber Email: Email of the subscriber */
            subscriber: string;
            /** tags: Tags to apply to subscriber */
            tags?: unknown[];
            /** Custom Fields: Custom field data about the subscriber */
            custom_fields?: Record<string, unknown>;
            /** First Name */
            first_name?: string;
            /** Last Name */
            last_name?: string;
            /** Zip Code: Postal code in which the subscriber resides */
            zip?: string;
            /** Country: The country in which the subscriber resides */
            country?: string;
            /** State: The region in which the subscriber resides */
            state?: string;
            /** City: The city in which the subscriber resides */
            city?: string;
            /** Phone: The subscriber's primary phone number */
            phone?: string;
            /** Address: The subscriber's mailing address */
            address?: string;
        };
    };
    /** DropBox */
    dropbox: {
        /** Create New Folder */
        create_new_dropbox_folder: {
            /** Path: The path of the new folder e.g. /Homework/math */
            path: string;
            /** Auto Rename: If there's a conflict, have the Dropbox server try to autorename the folder to avoid the conflict. The default for this field is False. */
            autorename?: boolean;
        };
        /** Create New Text File */
        create_new_dropbox_text_file: {
            /** Path: The path of the new folder e.g. /Homework/math */
            path: string;
            /** Text: The text to write into the file. */
            text: string;
            /** Autorename: If there's a conflict, have the Dropbox server try to autorename the folder to avoid the conflict. The default for this field is False. */
            autorename?: boolean;
            /** Mute: Normally, users are made aware of any file modifications in their Dropbox account via notifications in the client software. If true, this tells the clients that this modification shouldn't resu… */
            mute?: boolean;
            /** Strict conflict: Be more strict about how each WriteMode detects conflict. For example, always return a conflict error when mode = WriteMode.update and the given "rev" doesn't match the existing file… */
            strict_conflict?: boolean;
        };
    };
    /** Facebook Leads */
    "facebook-leads": Record<string, never>;
    /** Figma */
    figma: {
        /** Get File Comments */
        get_comments: {
            /** File Key: The Figma file key (copy from Figma file URL) */
            file_key: string;
        };
        /** Get File */
        get_file: {
            /** File Key: The Figma file key (copy from Figma file URL) */
            file_key: string;
        };
        /** Post File Comment */
        post_comment: {
            /** File Key: The Figma file key (copy from Figma file URL) */
            file_key: string;
            /** Comment: Your comment */
            message: string;
        };
    };
    /** Freshdesk */
    freshdesk: {
        /** Custom API Call */
        custom_api_call: {
            /** Url */
            url: unknown;
            /** Method */
            method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";
            /** Headers: Authorization headers are injected automatically from your connection. */
            headers: Record<string, unknown>;
            /** Query Parameters */
            queryParams: Record<string, unknown>;
            /** Body */
            body?: unknown;
            /** No Error on Failure */
            failsafe?: boolean;
            /** Timeout (in seconds) */
            timeout?: number;
        };
        /** Get All Tickets By Status */
        get_all_tickets_by_status: {
            /** Choose Status(es): Select one or status values */
            status_filter: Array<"status:2" | "status:3" | "status:4" | "status:5">;
        };
        /** Get Contact from ID */
        get_contact_from_id: {
            /** Contact ID number: The ID number of the contact */
            contactid: string;
        };
        /** Get Freshdesk Contacts */
        get_contacts: {
            /** Optional Filter: Select one and provide the value. */
            filter_type?: "email" | "mobile" | "phone" | "company_id" | "updated_since";
            /** Filter value: Provide value if previous option selected! */
            filter_value?: string;
            /** Optional Filter Status: Can filter by state: blocked, deleted, unverified or verified. */
            filter_status?: "blocked" | "deleted" | "unverified" | "verified";
            /** Results to return: Freshdesk calls this per_page - set to 0 for all, if specified maximum is 100 */
            per_page?: number;
        };
        /** Get Ticket Status */
        get_ticket_status: {
            /** Ticket ID: The Ticket ID to return status */
            ticketid: string;
        };
        /** Get Tickets */
        get_tickets: Record<string, never>;
    };
    /** GhostCMS */
    ghostcms: {
        /** Create Member */
        create_member: {
            /** Email */
            email: string;
            /** Full Name */
            name?: string;
            /** Note */
            note?: string;
            /** Newsletters */
            newsletters?: unknown;
        };
        /** Create Post */
        create_post: {
            /** Title */
            title: string;
            /** Slug */
            slug?: string;
            /** Status */
            status: "draft" | "published" | "scheduled";
            /** Published At */
            publishedAt?: string | number;
            /** Content (HTML) */
            html: string;
            /** Custom Excerpt */
            customExcerpt?: string;
            /** Author */
            author: unknown;
            /** Featured */
            featured?: boolean;
            /** Tags */
            tags?: unknown;
        };
        /** Custom API Call */
        custom_api_call: {
            /** Url */
            url: unknown;
            /** Method */
            method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";
            /** Headers: Authorization headers are injected automatically from your connection. */
            headers?: Record<string, unknown>;
            /** Query Parameters: Appended to the URL as ?key=value. */
            queryParams?: Record<string, unknown>;
            /** Body Type */
            body_type?: unknown;
            /** Body */
            body?: unknown;
            /** Response is Binary: Enable for files like PDFs, images, etc. */
            response_is_binary?: boolean;
            /** Return Error as Output: On a failed request, output the error instead of failing the step. */
            failsafe?: boolean;
            /** Timeout: Seconds to wait for a response. Empty: up to the flow limit (10 min). */
            timeout?: number;
            /** Follow redirects: Follow 3xx redirects instead of returning them as the response. */
            followRedirects?: boolean;
        };
        /** Find Member */
        find_member: {
            /** Email */
            email: string;
        };
        /** Find User */
        find_user: {
            /** Email */
            email: string;
        };
        /** Update Member */
        update_member: {
            /** Member */
            member: unknown;
            /** Email */
            email?: string;
            /** Full Name */
            name?: string;
            /** Note */
            note?: string;
            /** Newsletters */
            newsletters?: unknown;
        };
    };
    /** Gmail */
    gmail: {
        /** Get Email */
        gmail_get_mail: {
            /** Message ID: The messageId of the mail to read */
            message_id: string;
            /** Format: Format of the mail */
            format?: "minimal" | "full" | "raw" | "metadata";
        };
        /** Get Thread */
        gmail_get_thread: {
            /** Thread ID: The thread Id of the mail to read */
            thread_id: string;
            /** Format: Format of the mail */
            format?: "minimal" | "full" | "raw" | "metadata";
        };
        /** Search Email */
        gmail_search_mail: {
            /** Email subject: The email subject */
            subject?: string;
            /** Email sender: The address sending the new mail */
            from?: string;
            /** Email receipient: The address receiving the new mail */
            to?: string;
            /** Label: The label tagged to the mail */
            label?: unknown;
            /** Category: category of the mail */
            category?: "primary" | "social" | "promotions" | "updates" | "forums" | "reservations" | "purchases";
        };
        /** Send Email */
        send_email: {
            /** Receiver Email (To) */
            receiver: string;
            /** Subject */
            subject: string;
            /** Body (Text): Text version of the body for the email you want to send */
            body_text: string;
            /** Body (HTML): HTML version of the body for the email you want to send */
            body_html?: string;
        };
    };
    /** Google Calendar */
    "google-calendar": {
        /** Quick Event */
        create_quick_event: {
            /** Calendar */
            calendar_id: unknown;
            /** Summary: The text describing the event to be created */
            text: string;
            /** Send Updates: Guests who should receive notifications about the creation of the new event. */
            send_updates?: unknown;
        };
    };
    /** Google Contacts */
    "google-contacts": {
        /** Add Contact */
        add_contact: {
            /** First Name: The first name of the contact */
            firstName: string;
            /** Middle Name: The middle name of the contact */
            middleName?: string;
            /** Last Name: The last name of the contact */
            lastName: string;
            /** Job Title: The job title of the contact */
            jobTitle?: string;
            /** Company: The company of the contact */
            company?: string;
            /** Email: The email address of the contact */
            email?: string;
            /** Phone Number: The phone number of the contact */
            phoneNumber?: string;
        };
    };
    /** Google Drive */
    "google-drive": {
        /** Create new file */
        create_new_gdrive_file: {
            /** File name: The name of the new text file */
            fileName: string;
            /** Text: The text content to add to file */
            text: string;
            /** Parent Folder */
            parentFolder?: unknown;
        };
        /** Create new folder */
        create_new_gdrive_folder: {
            /** Folder name: The name of the new folder */
            folderName: string;
            /** Parent Folder */
            parentFolder?: unknown;
        };
    };
    /** Google Forms */
    "google-forms": Record<string, never>;
    /** Google My Business */
    "google-my-business": {
        /** Create or Update Reply */
        "create-reply": {
            /** Review Name: You can find the review name from new review trigger */
            reviewName: string;
            /** Comment: Comment to be added to the review */
            comment: string;
        };
    };
    /** Google Sheets */
    "google-sheets": {
        /** Insert Row */
        insert_row: {
            /** Spreadsheet */
            spreadsheet_id: unknown;
            /** Sheet */
            sheet_id: unknown;
            /** As String: Inserted values that are dates and formulas will be strings and have no affect */
            as_string?: boolean;
            /** Values: These are the cell values of the row that will be added */
            values: unknown[];
        };
    };
    /** Google Tasks */
    "google-tasks": {
        /** Add Task */
        add_task: {
            /** Tasks List */
            tasks_list: unknown;
            /** Title */
            title: string;
            /** Notes */
            notes?: string;
            /** Completed: Mark task as completed */
            completed?: boolean;
        };
    };
    /** Gravityforms */
    gravityforms: Record<string, never>;
    /** Hacker News */
    hackernews: {
        /** Fetch Top Stories */
        fetch_top_stories: {
            /** Number of Stories */
            number_of_stories: number;
        };
    };
    /** Hash & Encode */
    "hash-encode": {
        /** Decode text */
        decode: {
            /** Encoded text */
            encoded: string;
            /** Encoding */
            encoding?: "base64" | "url" | "hex";
        };
        /** Encode text */
        encode: {
            /** Text */
            text: string;
            /** Encoding */
            encoding?: "base64" | "url" | "hex";
        };
        /** Generate UUIDs */
        generate_uuid: {
            /** Count */
            count?: number;
        };
        /** Hash text */
        hash: {
            /** Text */
            text: string;
            /** Algorithm */
            algorithm?: "sha256" | "sha1" | "sha512" | "md5";
            /** Output encoding */
            encoding?: "hex" | "base64";
        };
    };
    /** HTTP */
    http: {
        /** Send an HTTP request */
        send_request: {
            /** Method */
            method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";
            /** URL */
            url: string;
            /** Headers */
            headers?: Record<string, unknown>;
            /** Query parameters */
            queryParams?: Record<string, unknown>;
            /** Authentication */
            authType?: "NONE" | "BASIC" | "BEARER_TOKEN";
            /** Authentication fields: BASIC: {username, password}; BEARER_TOKEN: {token} */
            authFields?: Record<string, unknown>;
            /** Body type */
            body_type?: "none" | "json" | "form_data" | "raw";
            /** Body */
            body?: unknown;
            /** Binary response (base64 body) */
            response_is_binary?: boolean;
            /** Timeout (seconds) */
            timeout?: number;
            /** Follow redirects */
            followRedirects?: boolean;
            /** On failure */
            failureMode?: "retry_all" | "retry_5xx" | "retry_none" | "continue_all" | "continue_4xx" | "continue_none";
        };
    };
    /** HubSpot */
    hubspot: {
        /** Add contact To List */
        add_contact_to_list: {
            /** List: List to add contact to */
            listId: unknown;
            /** Email: Contact email */
            email: string;
        };
        /** Create Contact */
        create_contact: {
            /** First Name: First name of the new contact */
            firstName: string;
            /** Last Name: Last name of the new contact */
            lastName: string;
            /** Zip Code: Zip code of the new contact */
            zip?: string;
            /** Email: Email of the new contact */
            email?: string;
        };
        /** Create or Update Contact */
        create_or_update_contact: {
            /** Email: Contact email */
            email: string;
            /** First Name: contact first name */
            firstName?: string;
            /** Last Name: contact last name */
            lastName?: string;
            /** Zip Code: contact zip code */
            zip?: string;
        };
    };
    /** Image Helper */
    "image-helper": {
        /** Compresses an image */
        compress_image: {
            /** Image */
            image: FileInput;
            /** Quality: Specifies the quality of the image after compression (0-100). */
            quality: 90 | 60;
            /** Format: Specifies the format of the image after compression. */
            format: "jpg" | "png";
            /** Result File Name: Specifies the output file name for the result image (without extension). */
            resultFileName?: string;
        };
        /** Image Conversion Helper */
        convert_image_format: {
            /** Image */
            image: FileInput;
            /** Output Format: The format to convert the image to. */
            outputFormat: "JPEG" | "PNG" | "TIFF" | "BMP" | "AVIF";
            /** Result File Name: Specifies the output file name for the result image (without extension). */
            resultFileName?: string;
        };
        /** Crop an image */
        crop_image: {
            /** Image */
            image: FileInput;
            /** Left: Specifies the horizontal position, indicating where the cropping starts from the left side of the image. */
            left: number;
            /** Top: Represents the vertical position, indicating the starting point from the top of the image. */
            top: number;
            /** Width: Determines the horizontal size of the cropped area. */
            width: number;
            /** Height: Determines the vertical size of the cropped area. */
            height: number;
            /** Result File Name: Specifies the output file name for the cropped image (without extension). */
            resultFileName?: string;
        };
        /** Get image metadata */
        get_meta_data: {
            /** Image */
            image: FileInput;
        };
        /** Image to Base64 */
        image_to_base64: {
            /** Image: The image to convert */
            image: FileInput;
            /** Override mime type: The mime type to use when converting the image. In case you want to override the default mime type. Example image/png */
            override_mime_type?: string;
        };
        /** Resize an image */
        resize_image: {
            /** Image */
            image: FileInput;
            /** Width: Specifies the width of the image. */
            width: number;
            /** Height: Specifies the height of the image. */
            height: number;
            /** Maintain aspect ratio for height */
            aspectRatio?: boolean;
            /** Result File Name: Specifies the output file name for the result image (without extension). */
            resultFileName?: string;
        };
        /** Rotate an image */
        rotate_image: {
            /** Image */
            image: FileInput;
            /** Degree: Specifies the degree of clockwise rotation applied to the image. */
            degree: 90 | 180 | 270;
            /** Result File Name: Specifies the output file name for the result image (without extension). */
            resultFileName?: string;
        };
    };
    /** ImageRouter */
    "image-router": {
        /** Create Image */
        createImage: {
            /** Prompt: Text prompt describing the image you want to generate */
            prompt: string;
            /** Model: Select an image generation model */
            model: unknown;
            /** Quality: Image quality (not all models support this) */
            quality?: "auto" | "low" | "medium" | "high";
            /** Size: Image size (e.g., 1024x1024). Use "auto" for default size. */
            size?: string;
            /** Response Format: How to receive the generated image */
            responseFormat?: "url" | "b64_json" | "b64_ephemeral";
        };
        /** Image to Image */
        imageToImage: {
            /** Prompt: Text prompt describing the image transformation */
            prompt: string;
            /** Model: Select an image generation model */
            model: unknown;
            /** Input Images: Input image(s) for editing (up to 16 images) */
            images: Array<{
                /** Image: Input image file */
                image: FileInput;
            }>;
            /** Masks: Mask file(s) to specify areas to edit (some models require this) */
            masks?: Array<{
                /** Mask: Mask image file */
                mask: FileInput;
            }>;
            /** Quality: Image quality (not all models support this) */
            quality?: "auto" | "low" | "medium" | "high";
            /** Size: Image size (e.g., 1024x1024). Use "auto" for default size. */
            size?: string;
            /** Response Format: How to receive the generated image */
            responseFormat?: "url" | "b64_json" | "b64_ephemeral";
        };
    };
    /** Instagram for Business */
    "instagram-business": {
        /** Upload Photo */
        upload_photo: {
            /** Page */
            page: unknown;
            /** Photo: A URL we can access for the photo (JPG only) */
            photo: string;
            /** Caption */
            caption?: string;
        };
        /** Upload Reel */
        upload_reel: {
            /** Page */
            page: unknown;
            /** Video: A URL we can access for the video (Limit: 1GB or 15 minutes) */
            video: string;
            /** Caption */
            caption?: string;
        };
    };
    /** Intercom */
    intercom: {
        /** Add Note */
        "add-note-to-user": {
            /** Email */
            email: string;
            /** Note Text */
            body: string;
        };
        /** Add/Remove Tag on Company */
        "add-or-remove-tag-on-company": {
            /** Company ID */
            companyId: unknown;
            /** Tag Name */
            tagName: string;
            /** Untag ? */
            untag?: boolean;
        };
        /** Add/Remove Tag on Contact */
        "add-or-remove-tag-on-contact": {
            /** Contact ID */
            contactId: unknown;
            /** Tag Name */
            tagId: unknown;
            /** Untag ? */
            untag?: boolean;
        };
        /** Add/Remove Tag on Conversation */
        "add-or-remove-tag-on-conversation": {
            /** Conversation ID */
            conversationId: unknown;
            /** Tag */
            tagId: unknown;
            /** Untag ? */
            untag?: boolean;
        };
        /** Add note to conversation */
        addNoteToConversation: {
            /** From (Admin) */
            from: unknown;
            /** Conversation ID */
            conversationId: unknown;
            /** Message Body */
            body: string;
        };
        /** Assign conversation to an admin or a team */
        assignConversationAction: {
            /** From (Admin) */
            from: unknown;
            /** Conversation ID */
            conversationId: unknown;
            /** Assignee ID: The ID of the admin or team to assign this conversation to */
            assigneeId: string;
            /** Message Body */
            body?: string;
        };
        /** Create Article */
        "create-article": {
            /** Title */
            title: string;
            /** Description */
            description?: string;
            /** Body */
            body?: string;
            /** Author */
            authorId: unknown;
            /** State */
            state?: "draft" | "published";
            /** Parent Collection */
            collectionId?: unknown;
        };
        /** Create Conversation */
        "create-conversation": {
            /** Contact Type */
            contactType?: "user" | "lead";
            /** Contact ID */
            contactId: unknown;
            /** Message Body */
            body: string;
        };
        /** Create Data Event */
        "create-data-event": {
            /** Identify Contact By */
            identifierType?: "email" | "id" | "user_id";
            /** Identifier Value */
            identifierValue: string;
            /** Event Name: The name of the event that occurred. */
            eventName: string;
            /** Created At: When the event happened. Defaults to now if left empty. */
            createdAt?: string | number;
            /** Metadata: Optional key/value pairs describing the event. */
            metadata?: Record<string, unknown>;
        };
        /** Create or Update Company */
        "create-or-update-company": {
            /** Company ID: The company ID you have defined for the company. Cannot be updated later. */
            companyId?: string;
            /** Name */
            name?: string;
            /** Plan */
            plan?: string;
            /** Size: The number of employees in this company. */
            size?: number;
            /** Website */
            website?: string;
            /** Industry */
            industry?: string;
            /** Monthly Spend: How much revenue the company generates for your business (whole integers only). */
            monthlySpend?: number;
            /** Created At: The time the company was created by you. */
            remoteCreatedAt?: string | number;
            /** Custom Attributes */
            customAttributes?: Record<string, unknown>;
        };
        /** Create or Update Lead */
        "create-or-update-lead": {
            /** Lead ID */
            leadId?: string;
            /** Full Name */
            name?: string;
            /** Email */
            email?: string;
            /** Phone */
            phone?: string;
            /** Unsubscribed From Emails */
            unsubscribe?: boolean;
            /** Created At */
            createdAt?: string | number;
            /** Custom Attributes */
            customAttributes?: Record<string, unknown>;
        };
        /** Create/Update User */
        "create-or-update-user": {
            /** Lookup Email */
            email: string;
            /** Full Name */
            name?: string;
            /** User ID */
            userId?: string;
            /** Phone */
            phone?: string;
            /** Created At */
            createdAt?: string | number;
            /** Custom Attributes */
            customAttributes?: Record<string, unknown>;
        };
        /** Create Ticket */
        "create-ticket": {
            /** Ticket Type */
            ticketTypeId: unknown;
            /** Contact ID */
            contactId: unknown;
            /** Company ID */
            companyId?: unknown;
            /** Ticket Properties */
            ticketProperties: unknown;
        };
        /** Create User */
        "create-user": {
            /** Email */
            email: string;
            /** Created At */
            createdAt?: string | number;
            /** User ID */
            userId?: string;
            /** Full Name */
            name?: string;
            /** Custom Attributes */
            customAttributes?: Record<string, unknown>;
        };
        /** Custom API Call */
        custom_api_call: {
            /** Url */
            url: unknown;
            /** Method */
            method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";
            /** Headers: Authorization headers are injected automatically from your connection. */
            headers: Record<string, unknown>;
            /** Query Parameters */
            queryParams: Record<string, unknown>;
            /** Body Type */
            body_type?: "none" | "json" | "form_data" | "raw";
            /** Body */
            body?: unknown;
            /** Response is Binary ?: Enable for files like PDFs, images, etc. */
            response_is_binary?: boolean;
            /** No Error on Failure */
            failsafe?: boolean;
            /** Timeout (in seconds) */
            timeout?: number;
            /** Follow redirects */
            followRedirects?: boolean;
        };
        /** Find Company */
        "find-company": {
            /** Search Field */
            searchField: "name" | "company_id";
            /** Search Value */
            searchValue: string;
        };
        /** Find Conversation */
        "find-conversation": {
            /** Search Field */
            searchField: "id" | "source.subject" | "source.body" | "source.author.email" | "admin_assignee_id" | "team_assignee_id" | "tag_ids";
            /** Match Type */
            matchType: "contains" | "equals" | "starts_with";
            /** Search Term */
            searchTerm: string;
            /** Status */
            status?: "open" | "closed";
            /** Update After */
            updateAfter?: string | number;
            /** Update Before */
            updateBefore?: string | number;
        };
        /** Find Lead */
        "find-lead": {
            /** Search Field */
            searchField: "email" | "id" | "external_id";
            /** Search Value */
            searchValue: string;
        };
        /** Find or Create Company */
        "find-or-create-company": {
            /** Company ID: The company ID you have defined for the company. Used to look up and create. */
            companyId?: string;
            /** Name: Used to look up by name when no Company ID is given, and when creating. */
            name?: string;
            /** Plan */
            plan?: string;
            /** Size */
            size?: number;
            /** Website */
            website?: string;
            /** Industry */
            industry?: string;
            /** Custom Attributes */
            customAttributes?: Record<string, unknown>;
        };
        /** Find or Create Lead */
        "find-or-create-lead": {
            /** Search Field */
            searchField?: "email" | "id" | "external_id";
            /** Search Value */
            searchValue: string;
            /** Full Name */
            name?: string;
            /** Phone */
            phone?: string;
            /** Custom Attributes */
            customAttributes?: Record<string, unknown>;
        };
        /** Find User */
        "find-user": {
            /** Search Field */
            searchField: "email" | "id" | "external_id";
            /** Search Value */
            searchValue: string;
        };
        /** Retrieve a Conversation */
        "get-conversation": {
            /** Conversation ID */
            conversationId: unknown;
        };
        /** List Tags */
        "list-all-tags": Record<string, never>;
        /** Reply to conversation */
        replyToConversation: {
            /** From (Admin) */
            from: unknown;
            /** Conversation ID */
            conversationId: unknown;
            /** Message Body */
            body: string;
        };
        /** Send Message */
        send_message: {
            /** Message Type */
            message_type?: "email" | "inapp";
            /** Email Required Fields */
            email_required_fields: unknown;
            /** From (Admin) */
            from: unknown;
            /** To */
            to: unknown;
            /** Message Body */
            body: string;
            /** Create Conversation Without Contact Reply: Whether a conversation should be opened in the inbox for the message without the contact replying. Defaults to false if not provided. */
            create_conversation_without_contact_reply?: boolean;
        };
        /** Update Ticket */
        "update-ticket": {
            /** Ticket Type */
            ticketTypeId: unknown;
            /** Ticket */
            ticketId: unknown;
            /** Ticket Properties */
            ticketProperties: unknown;
            /** Is Open */
            isOpen?: boolean;
            /** State */
            state?: "in_progress" | "waiting_on_customer" | "resolved";
            /** Snoozed Until */
            snoozedTill?: string | number;
            /** Assigned Admin */
            assignedAdminId?: unknown;
        };
    };
    /** Jotform */
    jotform: Record<string, never>;
    /** Key-Value Store */
    "kv-store": {
        /** Add to a list */
        add_to_list: {
            /** Key: up to 512 characters */
            key: string;
            /** Value: any JSON value */
            value: unknown;
        };
        /** Delete a key */
        delete: {
            /** Key: up to 512 characters */
            key: string;
        };
        /** Get a value */
        get: {
            /** Key: up to 512 characters */
            key: string;
        };
        /** Put a value */
        put: {
            /** Key: up to 512 characters */
            key: string;
            /** Value: any JSON value */
            value: unknown;
        };
        /** Remove from a list */
        remove_from_list: {
            /** Key: up to 512 characters */
            key: string;
            /** Value: any JSON value */
            value: unknown;
        };
    };
    /** Mailchimp */
    mailchimp: {
        /** Add Member to an Audience (List) */
        add_member_to_list: {
            /** Email: Email of the new contact */
            email: string;
            /** Audience: Audience you want to add the contact to */
            list_id: unknown;
            /** Status */
            status: "subscribed" | "unsubscribed" | "cleaned" | "pending" | "transactional";
        };
    };
    /** Mastodon */
    mastodon: {
        /** Post Status */
        post_status: {
            /** Status: The text of your status */
            status: string;
        };
    };
    /** Metabase */
    metabase: {
        /** Custom API Call */
        custom_api_call: {
            /** Url */
            url: unknown;
            /** Method */
            method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";
            /** Headers: Authorization headers are injected automatically from your connection. */
            headers?: Record<string, unknown>;
            /** Query Parameters: Appended to the URL as ?key=value. */
            queryParams?: Record<string, unknown>;
            /** Body Type */
            body_type?: unknown;
            /** Body */
            body?: unknown;
            /** Response is Binary: Enable for files like PDFs, images, etc. */
            response_is_binary?: boolean;
            /** Return Error as Output: On a failed request, output the error instead of failing the step. */
            failsafe?: boolean;
            /** Timeout: Seconds to wait for a response. Empty: up to the flow limit (10 min). */
            timeout?: number;
            /** Follow redirects: Follow 3xx redirects instead of returning them as the response. */
            followRedirects?: boolean;
        };
        /** Embed question */
        embedQuestion: {
            /** Metabase question ID */
            questionId: string;
            /** Enable embedding: Whether to enable embedding for this question */
            enableEmbedding?: boolean;
            /** Parameter settings: Configure how each parameter should be handled in the embed */
            parameterSettings?: unknown;
        };
        /** Get Dashboard Questions */
        getDashboardQuestions: {
            /** Metabase Dashboard ID */
            dashboardId: string;
            /** Parameters (slug name -> value): Dashboard parameters to apply to all questions */
            parameters?: Record<string, unknown>;
        };
        /** Get the graph of the question */
        getGraphQuestion: {
            /** Metabase question ID */
            questionId: string;
            /** Parameters (slug name -> value) */
            parameters?: Record<string, unknown>;
            /** The name of the graph (without the extension) */
            graphName?: string;
            /** Wait Time (seconds): How long to wait for the graph to render completely in seconds */
            waitTime?: number;
        };
        /** Get question */
        getQuestion: {
            /** Metabase question ID */
            questionId: string;
            /** Parameters (slug name -> value) */
            parameters?: Record<string, unknown>;
        };
        /** Get Question PNG Preview */
        getQuestionPngPreview: {
            /** Metabase question ID */
            questionId: string;
        };
    };
    /** Mistral AI */
    "mistral-ai": {
        /** Ask Mistral */
        create_chat_completion: {
            /** Model: Select a Mistral model. List is fetched live from your account. */
            model: unknown;
            /** Question */
            prompt: string;
            /** Temperature: Controls randomness: Lowering results in less random completions. As the temperature approaches zero, the model will become deterministic and repetitive. */
            temperature?: number;
            /** Top P: An alternative to sampling with temperature, called nucleus sampling, where the model considers the results of the tokens with top_p probability mass. So 0.1 means only the tokens comprising t… */
            top_p?: number;
            /** Max Tokens */
            max_tokens?: number;
            /** Random Seed */
            random_seed?: number;
            /** Timeout (ms) */
            timeout?: number;
        };
        /** Create Embeddings */
        create_embeddings: {
            /** Input: The input text for which to create an embedding. */
            input: unknown[];
            /** Timeout (ms) */
            timeout?: number;
        };
        /** Custom API Call */
        custom_api_call: {
            /** Url */
            url: unknown;
            /** Method */
            method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";
            /** Headers: Authorization headers are injected automatically from your connection. */
            headers?: Record<string, unknown>;
            /** Query Parameters: Appended to the URL as ?key=value. */
            queryParams?: Record<string, unknown>;
            /** Body Type */
            body_type?: unknown;
            /** Body */
            body?: unknown;
            /** Response is Binary: Enable for files like PDFs, images, etc. */
            response_is_binary?: boolean;
            /** Return Error as Output: On a failed request, output the error instead of failing the step. */
            failsafe?: boolean;
            /** Timeout: Seconds to wait for a response. Empty: up to the flow limit (10 min). */
            timeout?: number;
            /** Follow redirects: Follow 3xx redirects instead of returning them as the response. */
            followRedirects?: boolean;
        };
        /** List Models */
        list_models: Record<string, never>;
        /** Run OCR */
        run_ocr: {
            /** Model */
            model?: "mistral-ocr-latest" | "mistral-ocr-2505";
            /** Document Source: Where the document or image to OCR comes from. */
            documentSource?: "url" | "fileId";
            /** Document */
            sourceFields: unknown;
            /** Pages: Optional zero-based page indices to process. Leave empty for all pages. */
            pages?: unknown[];
            /** Include Image Base64: Return embedded images encoded as base64 alongside the Markdown. */
            includeImageBase64?: boolean;
            /** Timeout (ms) */
            timeout?: number;
        };
        /** Upload File */
        upload_file: {
            /** File: The file to upload (max 512MB).For fine tuning purspose provide .jsonl file. */
            file: FileInput;
            /** Purpose: Purpose of the file. */
            purpose: "fine-tune" | "batch" | "ocr";
        };
    };
    /** MongoDB */
    mongodb: {
        /** Aggregate Documents */
        aggregate_documents: {
            /** Database: The MongoDB database to connect to (from your authentication) */
            database?: string;
            /** Collection */
            collection: unknown;
            /** Aggregation Pipeline: Array of aggregation stages (e.g., [{"$match": {"status": "active"}}, {"$group": {"_id": "$category", "count": {"$sum": 1}}}]) */
            pipeline: unknown;
        };
        /** Delete Documents */
        delete_documents: {
            /** Database: The MongoDB database to connect to (from your authentication) */
            database?: string;
            /** Collection */
            collection: unknown;
            /** Filter: MongoDB query to select documents to delete (e.g., {"status": "archived"}) */
            filter: unknown;
        };
        /** Find and Replace Documents */
        find_and_replace_documents: {
            /** Database: The MongoDB database to connect to (from your authentication) */
            database?: string;
            /** Collection */
            collection: unknown;
            /** Filter: MongoDB query to select documents to replace (e.g., {"_id": "123"}) */
            filter: unknown;
            /** Replacement Document: New document that will replace the matched documents */
            replacement: unknown;
            /** Upsert: Insert the document if no documents match the filter */
            upsert?: boolean;
            /** Return Document: Which version of the document to return */
            returnDocument?: "before" | "after";
        };
        /** Find and Update Documents */
        find_and_update_documents: {
            /** Database: The MongoDB database to connect to (from your authentication) */
            database?: string;
            /** Collection */
            collection: unknown;
            /** Filter: MongoDB query to select documents to update (e.g., {"status": "pending"}) */
            filter: unknown;
            /** Update: MongoDB update operations (e.g., {"$set": {"status": "completed"}}) */
            update: unknown;
            /** Upsert: Insert a document if no documents match the filter */
            upsert?: boolean;
            /** Return Updated Documents: Return the documents after updates are applied */
            returnUpdated?: boolean;
        };
        /** Find Documents */
        find_documents: {
            /** Database: The MongoDB database to connect to (from your authentication) */
            database?: string;
            /** Collection */
            collection: unknown;
            /** Query: MongoDB query to filter documents (e.g., {"status": "active"}) */
            query?: unknown;
            /** Projection: Fields to include or exclude (e.g., {"name": 1, "_id": 0}) */
            projection?: unknown;
            /** Sort: Sort criteria (e.g., {"createdAt": -1}) */
            sort?: unknown;
            /** Limit: Maximum number of documents to return */
            limit?: number;
            /** Skip: Number of documents to skip */
            skip?: number;
        };
        /** Insert Documents */
        insert_documents: {
            /** Database: The MongoDB database to connect to (from your authentication) */
            database?: string;
            /** Collection */
            collection: unknown;
            /** Documents: Document(s) to insert. Can be a single document object or an array of documents. */
            documents: unknown;
        };
        /** Update Documents */
        update_documents: {
            /** Database: The MongoDB database to connect to (from your authentication) */
            database?: string;
            /** Collection */
            collection: unknown;
            /** Filter: MongoDB query to select documents to update (e.g., {"status": "pending"}) */
            filter: unknown;
            /** Update: MongoDB update operations (e.g., {"$set": {"status": "completed"}}) */
            update: unknown;
            /** Upsert: Insert a document if no documents match the filter */
            upsert?: boolean;
        };
    };
    /** Motion */
    motion: {
        /** Create Project */
        "create-project": {
            /** Workspace ID */
            workspaceId: unknown;
            /** Project Name */
            name: string;
            /** Description */
            description?: string;
            /** Due Date: ISO 8601 Due date on the project */
            dueDate?: string | number;
            /** Priority */
            priority?: "ASAP" | "HIGH" | "MEDIUM" | "LOW";
            /** Labels */
            labels?: unknown[];
        };
        /** Create Task */
        "create-task": {
            /** Workspace ID */
            workspaceId: unknown;
            /** Task Name */
            name: string;
            /** Description */
            description?: string;
            /** Due Date */
            dueDate?: string | number;
            /** Duration: Duration in minutes. */
            duration?: number;
            /** Status */
            statusId?: unknown;
            /** Priority */
            priority?: "ASAP" | "HIGH" | "MEDIUM" | "LOW";
            /** Project */
            projectId?: unknown;
            /** Assignee */
            assigneeId?: unknown;
            /** Labels: The names of the labels to be added to the task. */
            labels?: unknown[];
        };
        /** Custom API Call */
        custom_api_call: {
            /** Url */
            url: unknown;
            /** Method */
            method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";
            /** Headers: Authorization headers are injected automatically from your connection. */
            headers?: Record<string, unknown>;
            /** Query Parameters: Appended to the URL as ?key=value. */
            queryParams?: Record<string, unknown>;
            /** Body Type */
            body_type?: unknown;
            /** Body */
            body?: unknown;
            /** Response is Binary: Enable for files like PDFs, images, etc. */
            response_is_binary?: boolean;
            /** Return Error as Output: On a failed request, output the error instead of failing the step. */
            failsafe?: boolean;
            /** Timeout: Seconds to wait for a response. Empty: up to the flow limit (10 min). */
            timeout?: number;
            /** Follow redirects: Follow 3xx redirects instead of returning them as the response. */
            followRedirects?: boolean;
        };
        /** Find Task */
        "find-task": {
            /** Workspace ID */
            workspaceId: unknown;
            /** Include All Statuses */
            includeAllStatuses?: boolean;
            /** Task Name */
            name: string;
            /** Status */
            status?: unknown;
            /** Assignee */
            assigneeId?: unknown;
            /** Project */
            projectId?: unknown;
        };
        /** Get Task */
        "get-task": {
            /** Task ID */
            taskId: string;
        };
        /** Move Task */
        moveTask: {
            /** Current Workspace */
            workspaceId: unknown;
            /** Task ID */
            taskId: unknown;
            /** Target Workspace */
            newWorkspaceId: unknown;
        };
        /** Update Task */
        "update-task": {
            /** Workspace ID */
            workspaceId: unknown;
            /** Task ID */
            taskId: unknown;
            /** Task Name */
            name?: string;
            /** Description */
            description?: string;
            /** Due Date */
            dueDate?: string | number;
            /** Duration: Duration in minutes. */
            duration?: number;
            /** Status */
            statusId?: unknown;
            /** Priority */
            priority?: "ASAP" | "HIGH" | "MEDIUM" | "LOW";
            /** Project */
            projectId?: unknown;
            /** Assignee */
            assigneeId?: unknown;
            /** Labels: The names of the labels to be added to the task */
            labels?: unknown[];
        };
    };
    /** MySQL */
    mysql: {
        /** Delete Row */
        delete_row: {
            /** Markdown: **DO NOT** use dynamic input directly in the query string or column names. Use **?** in the query and dynamic values in args/values for parameterized queries to prevent **SQL injection**. */
            markdown?: string;
            /** Timezone: Timezone for the MySQL server to use */
            timezone?: string;
            /** Table */
            table: unknown;
            /** Search Column */
            search_column: string;
            /** Search Value */
            search_value: string;
        };
        /** Execute Query */
        execute_query: {
            /** Markdown: **DO NOT** use dynamic input directly in the query string or column names. Use **?** in the query and dynamic values in args/values for parameterized queries to prevent **SQL injection**. */
            markdown?: string;
            /** Timezone: Timezone for the MySQL server to use */
            timezone?: string;
            /** Query: The query string to execute, use ? for arguments to avoid SQL injection. */
            query: string;
            /** Arguments: Arguments to use in the query, if any. Should be in the same order as the ? in the query string.. */
            args?: unknown[];
        };
        /** Find Rows */
        find_rows: {
            /** Markdown: **DO NOT** use dynamic input directly in the query string or column names. Use **?** in the query and dynamic values in args/values for parameterized queries to prevent **SQL injection**. */
            markdown?: string;
            /** Timezone: Timezone for the MySQL server to use */
            timezone?: string;
            /** Table */
            table: unknown;
            /** Condition: SQL condition, can also include logic operators, etc. */
            condition: string;
            /** Arguments: Arguments can be used using ? in the condition */
            args?: unknown[];
            /** Columns: Specify the columns you want to select */
            columns?: unknown[];
        };
        /** Get Tables */
        get_tables: Record<string, never>;
        /** Insert Row */
        insert_row: {
            /** Timezone: Timezone for the MySQL server to use */
            timezone?: string;
            /** Table */
            table: unknown;
            /** Values */
            values: Record<string, unknown>;
        };
        /** Update Row */
        update_row: {
            /** Timezone: Timezone for the MySQL server to use */
            timezone?: string;
            /** Table */
            table: unknown;
            /** Values */
            values: Record<string, unknown>;
            /** Search Column */
            search_column: string;
            /** Search Value */
            search_value: string;
        };
    };
    /** Notion */
    notion: {
        /** Add Comment */
        add_comment: {
            /** Page: Your 100 most recently edited pages shared with the integration. */
            page_id: unknown;
            /** Comment Text: Posted as a new comment thread on the page. */
            comment_text: string;
        };
        /** Append to Page */
        append_to_page: {
            /** Page: Your 100 most recently edited pages shared with the integration. */
            pageId: unknown;
            /** Content: Markdown is rendered into Notion blocks. */
            content: string;
        };
        /** Archive Database Item */
        archive_database_item: {
            /** Database: Only databases shared with your integration are listed. */
            database_id: unknown;
            /** Database Item: Items in the selected database, listed by title. */
            database_item_id: unknown;
        };
        /** Create Page */
        createPage: {
            /** Parent Page: The new page is created inside this page. */
            pageId: unknown;
            /** Title */
            title?: string;
            /** Content: Plain text body. Markdown is not rendered. */
            content?: string;
        };
        /** Create Database Item */
        create_database_item: {
            /** Database: Only databases shared with your integration are listed. */
            database_id: unknown;
            /** Fields */
            databaseFields: unknown;
            /** Content: Plain text added to the item's page body. */
            content?: string;
        };
        /** Custom API Call */
        custom_api_call: {
            /** Url */
            url: unknown;
            /** Method */
            method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";
            /** Headers: Authorization headers are injected automatically from your connection. */
            headers?: Record<string, unknown>;
            /** Query Parameters: Appended to the URL as ?key=value. */
            queryParams?: Record<string, unknown>;
            /** Body Type */
            body_type?: unknown;
            /** Body */
            body?: unknown;
            /** Response is Binary: Enable for files like PDFs, images, etc. */
            response_is_binary?: boolean;
            /** Return Error as Output: On a failed request, output the error instead of failing the step. */
            failsafe?: boolean;
            /** Timeout: Seconds to wait for a response. Empty: up to the flow limit (10 min). */
            timeout?: number;
            /** Follow redirects: Follow 3xx redirects instead of returning them as the response. */
            followRedirects?: boolean;
        };
        /** Find Page */
        find_page: {
            /** Title: Full title, or part of it. */
            title: string;
            /** Exact Match: Only return pages whose title equals the search exactly. */
            exact_match?: boolean;
            /** Limit: How many pages to return, up to 100. */
            limit?: number;
        };
        /** Get Block Content */
        getPageOrBlockChildren: {
            /** Page or Block ID: Paste the ID, or map a page from a previous step. */
            parentId: string;
            /** Markdown: Return the content as Markdown instead of blocks. */
            markdown?: boolean;
            /** Dynamic Properties */
            dynamic: unknown;
        };
        /** Get Page Comments */
        get_page_comments: {
            /** Page: Your 100 most recently edited pages shared with the integration. */
            page_id: unknown;
        };
        /** List Pages */
        list_database_pages: {
            /** Database: Only databases shared with your integration are listed. */
            database_id: unknown;
            /** Limit: How many pages to return, up to 100. */
            limit?: number;
            /** Cursor: Next-page cursor from a previous run's output. */
            cursor?: string;
            /** Markdown: Pick a database, then fill any of its fields below to filter. Empty fields are ignored. */
            filter_hint?: string;
            /** Fields */
            filterDatabaseFields: unknown;
        };
        /** List Databases */
        list_databases: {
            /** Limit: How many databases to return, up to 100. */
            limit?: number;
            /** Cursor: Next-page cursor from a previous run's output. */
            cursor?: string;
        };
        /** Find Database Item */
        "notion-find-database-item": {
            /** Database: Only databases shared with your integration are listed. */
            database_id: unknown;
            /** Markdown: Pick a database, then fill one or more of its fields. Items must match every value exactly. */
            filter_hint?: string;
            /** Fields */
            filterDatabaseFields: unknown;
        };
        /** Add Comment */
        notion_add_comment: {
            /** Page ID: The id of the page to comment on. Resolve via notion_search. */
            page_id: string;
            /** Comment Text: The plain-text comment to post as a new thread on the page. */
            comment_text: string;
        };
        /** Append Content to Page */
        notion_append_to_page: {
            /** Page or Block ID: The id of the page or block to append content to. Resolve via notion_search (page) or notion_get_block_children (block). */
            block_id: string;
            /** Content: The content to append. Markdown formatting is supported. Each resulting text block is capped at 2000 characters by Notion. */
            content: string;
        };
        /** Archive Database Item */
        notion_archive_database_item: {
            /** Item ID: The page id of the database row to archive. Resolve it via notion_query_database or notion_find_database_item. */
            item_id: string;
        };
        /** Archive or Restore Page */
        notion_archive_page: {
            /** Page ID: The id of the page (or database row) to archive or restore. Resolve via notion_search. */
            page_id: string;
            /** Archived: Set to true to archive (trash) the page, false to restore it. */
            archived: boolean;
        };
        /** Create Database */
        notion_create_database: {
            /** Parent Page ID: The id of the PAGE the new database will live under (must be a page, not a database). Resolve it via notion_search. */
            parent_page_id: string;
            /** Title: The title of the new database. */
            title: string;
            /** Properties (Schema): A Notion property-schema object: a map of column name to a type-config object. Example: { "Name": { "title": {} }, "Status": { "select": { "options": [ { "name": "Open" }, { "nam… */
            properties: unknown;
        };
        /** Create Database Item */
        notion_create_database_item: {
            /** Database ID: The id of the database to add a row to. Resolve a database title into its id with notion_search (filter_type=database). */
            database_id: string;
            /** Properties: A Notion properties object: a map of property name to a typed value object matching the database schema. Example: { "Name": { "title": [ { "text": { "content": "My task" } } ] }, "Status"… */
            properties: unknown;
            /** Content: Optional plain-text paragraph to append as the body of the new row (page). */
            content?: string;
        };
        /** Create Page */
        notion_create_page: {
            /** Parent Page ID: The id of the existing page to create the new page under. Resolve via notion_search. */
            parent_page_id: string;
            /** Title: The title of the new page. */
            title?: string;
            /** Content: Optional body content for the page. Markdown is supported and converted to Notion blocks. */
            content?: string;
        };
        /** Delete Block */
        notion_delete_block: {
            /** Block ID: The id of the block to delete. Resolve via notion_get_block_children. */
            block_id: string;
        };
        /** Find Database Item */
        notion_find_database_item: {
            /** Database ID: The id of the database to search. Resolve a database title into its id with notion_search (filter_type=database). */
            database_id: string;
            /** Filter: A Notion query filter object. A single condition is { "property": "Email", "email": { "equals": "a@b.com" } }; compound is { "and": [ ...conditions ] } or { "or": [ ...conditions ] }. The con… */
            filter: unknown;
            /** Page Size: Maximum number of rows to return (1–100). Defaults to 100. */
            page_size?: number;
        };
        /** Get Page or Block Content */
        notion_get_block_children: {
            /** Page or Block ID: The id of the page or parent block whose content to read. Resolve via notion_search (page) or this action (child block ids). */
            block_id: string;
            /** Markdown: When enabled, return the content rendered as a markdown string. When disabled, return the raw Notion block JSON tree. */
            markdown?: boolean;
            /** Depth: Recursively retrieve nested children up to this depth. Only used when Markdown is disabled. Defaults to 1. */
            depth?: number;
        };
        /** Get Database Schema */
        notion_get_database: {
            /** Database ID: The id of the database to inspect. Resolve a database title into its id with notion_search (filter_type=database). */
            database_id: string;
        };
        /** Get Page */
        notion_get_page: {
            /** Page ID: The id of the page (or database row) to retrieve. Resolve via notion_search. */
            page_id: string;
        };
        /** Get Page Comments */
        notion_get_page_comments: {
            /** Page ID: The id of the page whose comments to list. Resolve via notion_search. */
            page_id: string;
        };
        /** Get User */
        notion_get_user: {
            /** User ID: The id of the workspace user to retrieve. Resolve via notion_list_users. */
            user_id: string;
        };
        /** List Users */
        notion_list_users: {
            /** Page Size: How many users to return per page (1–100). Defaults to 100. */
            page_size?: number;
            /** Start Cursor: Pagination cursor from a previous call's next_cursor to fetch the next page. */
            start_cursor?: string;
        };
        /** Move Page */
        notion_move_page: {
            /** Page ID: The id of the page to move. Resolve via notion_search. */
            page_id: string;
            /** New Parent Page ID: Move the page under this page. Supply exactly one of New Parent Page ID or New Parent Database ID. */
            new_parent_page_id?: string;
            /** New Parent Database ID: Move the page into this database as a row. Supply exactly one of New Parent Page ID or New Parent Database ID. The page properties must match the database schema. */
            new_parent_database_id?: string;
        };
        /** Query Database */
        notion_query_database: {
            /** Database ID: The id of the database to query. Resolve a database title into its id with notion_search (filter_type=database). */
            database_id: string;
            /** Filter: Optional. A Notion query filter object. A single condition is { "property": "Status", "status": { "equals": "Done" } }; compound is { "and": [ ...conditions ] } or { "or": [ ...conditions ] }… */
            filter?: unknown;
            /** Sorts: Optional. An array of Notion sort objects. Sort by a property: [{ "property": "Name", "direction": "ascending" }]; sort by a timestamp: [{ "timestamp": "last_edited_time", "direction": "descen… */
            sorts?: unknown;
            /** Page Size: Maximum number of rows to return (1–100). Defaults to 100. */
            page_size?: number;
            /** Start Cursor: Optional pagination cursor. Pass the next_cursor returned by a previous call to fetch the next page of results. */
            start_cursor?: string;
        };
        /** Restore Database Item */
        notion_restore_database_item: {
            /** Item ID: The page id of the archived database row to restore. Resolve it via notion_query_database (with an archived filter) or from the response of notion_archive_database_item. */
            item_id: string;
        };
        /** Search Pages and Databases */
        notion_search: {
            /** Query: The title text (or part of it) to search for. */
            query: string;
            /** Type Filter: Restrict results to pages, databases, or both. Defaults to both (all). */
            filter_type?: "page" | "database" | "all";
            /** Exact Match: When enabled, only return items whose title exactly equals the query. Disable for partial matching. */
            exact_match?: boolean;
            /** Maximum Results: How many items to return at most (between 1 and 100). */
            limit?: number;
        };
        /** Update Block Text */
        notion_update_block: {
            /** Block ID: The id of the block to update. Resolve via notion_get_block_children. */
            block_id: string;
            /** Content: The new plain-text content for the block. Split automatically at Notion's 2000-char-per-rich-text-object cap. */
            content: string;
            /** Block Type: The type of the block being updated — must match the block's actual type (see its type in notion_get_block_children). Defaults to paragraph. */
            block_type?: "paragraph" | "heading_1" | "heading_2" | "heading_3" | "bulleted_list_item" | "numbered_list_item" | "to_do" | "quote" | "callout" | "code";
            /** Checked: For to_do blocks only: whether the checkbox is checked. Ignored for other block types. */
            checked?: boolean;
            /** Language: For code blocks only: the programming language (e.g. javascript, python). Ignored for other block types. */
            language?: string;
        };
        /** Update Database Item */
        notion_update_database_item: {
            /** Item ID: The page id of the database row to update. Resolve it via notion_query_database or notion_find_database_item. */
            item_id: string;
            /** Properties: A Notion properties object with the values to set: a map of property name to a typed value object. Only the properties you include are changed; others are left untouched. Example: { "Stat… */
            properties: unknown;
        };
        /** Update Database Schema */
        notion_update_database_schema: {
            /** Database ID: The id of the database whose schema to update. Resolve it via notion_search (filter_type=database). */
            database_id: string;
            /** Title: Optional. A new title for the database. */
            title?: string;
            /** Properties (Schema Changes): Optional. A Notion property-schema patch: a map of property name to a type-config object. To ADD or RETYPE a column: { "Priority": { "select": { "options": [ { "name": "H… */
            properties?: unknown;
        };
        /** Restore Database Item */
        restore_database_item: {
            /** Database: Only databases shared with your integration are listed. */
            database_id: unknown;
            /** Archived Item: Archived items in the selected database. */
            archived_item_id: unknown;
        };
        /** Retrieve Database Structure */
        retrieve_database: {
            /** Database: Only databases shared with your integration are listed. */
            database_id: unknown;
        };
        /** Update Database Item */
        update_database_item: {
            /** Database: Only databases shared with your integration are listed. */
            database_id: unknown;
            /** Database Item: Items in the selected database, listed by title. */
            database_item_id: unknown;
            /** Fields */
            databaseFields: unknown;
        };
    };
    /** OpenAI */
    openai: {
        /** Ask Assistant */
        ask_assistant: {
            /** Assistant: The assistant which will generate the completion. */
            assistant: unknown;
            /** Question */
            prompt: string;
            /** Memory Key: A memory key that will keep the chat history shared across runs and flows. Keep it empty to leave your assistant without memory of previous messages. */
            memoryKey?: string;
        };
        /** Ask ChatGPT */
        ask_chatgpt: {
            /** Model: The model which will generate the completion. Some models are suitable for natural language tasks, others specialize in code. */
            model?: unknown;
            /** Question */
            prompt: string;
            /** Temperature: Controls randomness: Lowering results in less random completions. As the temperature approaches zero, the model will become deterministic and repetitive. */
            temperature?: number;
            /** Maximum Tokens: The maximum number of tokens to generate. Requests can use up to 2,048 or 4,096 tokens shared between prompt and completion depending on the model. Don't set the value to maximum and … */
            maxTokens?: number;
            /** Top P: An alternative to sampling with temperature, called nucleus sampling, where the model considers the results of the tokens with top_p probability mass. So 0.1 means only the tokens comprising t… */
            topP?: number;
            /** Frequency penalty: Number between -2.0 and 2.0. Positive values penalize new tokens based on their existing frequency in the text so far, decreasing the model's likelihood to repeat the same line ver… */
            frequencyPenalty?: number;
            /** Presence penalty: Number between -2.0 and 2.0. Positive values penalize new tokens based on whether they appear in the text so far, increasing the mode's likelihood to talk about new topics. */
            presencePenalty?: number;
            /** Memory Key: A memory key that will keep the chat history shared across runs and flows. Keep it empty to leave ChatGPT without memory of previous messages. */
            memoryKey?: string;
            /** Roles: Array of roles to specify more accurate response */
            roles?: unknown;
        };
        /** Custom API Call */
        custom_api_call: {
            /** Url */
            url: unknown;
            /** Method */
            method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";
            /** Headers: Authorization headers are injected automatically from your connection. */
            headers: Record<string, unknown>;
            /** Query Parameters */
            queryParams: Record<string, unknown>;
            /** Body */
            body?: unknown;
            /** No Error on Failure */
            failsafe?: boolean;
            /** Timeout (in seconds) */
            timeout?: number;
        };
        /** Generate Image */
        generate_image: {
            /** Model: The model which will generate the image. */
            model?: unknown;
            /** Prompt */
            prompt: string;
            /** Resolution: The resolution to generate the image in. */
            resolution?: unknown;
            /** Quality: Standard is faster, HD has better details. */
            quality?: unknown;
        };
        /** Text-to-Speech */
        text_to_speech: {
            /** Text: The text you want to hear. */
            text: string;
            /** Model: The model which will generate the audio. */
            model?: unknown;
            /** Speed: The speed of the audio. Minimum is 0.25 and maximum is 4.00. */
            speed?: number;
            /** Voice: The voice to generate the audio in. */
            voice?: unknown;
            /** Output Format: The format you want the audio file in. */
            format?: unknown;
        };
        /** Transcribe Audio */
        transcribe: {
            /** Audio: Audio file to transcribe */
            audio: FileInput;
            /** Language of the Audio: Language of the audio file the default is en (English). */
            language?: "es" | "it" | "en" | "pt" | "de" | "ja" | "pl" | "ar" | "af" | "az" | "bg" | "bs" | "ca" | "cs" | "da" | "el" | "et" | "fa" | "fi" | "tl" | "fr" | "gl" | "he" | "hi" | "hr" | "hu" | "hy" | "id" | "is" | "kk" | "kn" | "ko" | "lt" | "lv" | "ma" | "mk" | "mr" | "ms" | "ne" | "nl" | "no" | "ro" | "ru" | "sk" | "sl" | "sr" | "sv" | "sw" | "ta" | "th" | "tr" | "uk" | "ur" | "vi" | "zh" | "cy" | "be";
        };
        /** Translate Audio */
        translate: {
            /** Audio: Audio file to translate */
            audio: FileInput;
        };
        /** Vision Prompt */
        vision_prompt: {
            /** Image: The image URL or file you want GPT's vision to read. */
            image: FileInput;
            /** Question: What do you want ChatGPT to tell you about the image? */
            prompt: string;
            /** Detail: Control how the model processes the image and generates textual understanding. */
            detail?: unknown;
            /** Temperature: Controls randomness: Lowering results in less random completions. As the temperature approaches zero, the model will become deterministic and repetitive. */
            temperature?: number;
            /** Maximum Tokens: The maximum number of tokens to generate. Requests can use up to 2,048 or 4,096 tokens shared between prompt and completion, don't set the value to maximum and leave some tokens for t… */
            maxTokens?: number;
            /** Top P: An alternative to sampling with temperature, called nucleus sampling, where the model considers the results of the tokens with top_p probability mass. So 0.1 means only the tokens comprising t… */
            topP?: number;
            /** Frequency penalty: Number between -2.0 and 2.0. Positive values penalize new tokens based on their existing frequency in the text so far, decreasing the model's likelihood to repeat the same line ver… */
            frequencyPenalty?: number;
            /** Presence penalty: Number between -2.0 and 2.0. Positive values penalize new tokens based on whether they appear in the text so far, increasing the mode's likelihood to talk about new topics. */
            presencePenalty?: number;
            /** Roles: Array of roles to specify more accurate response */
            roles?: unknown;
        };
    };
    /** Oracle Database */
    "oracle-database": {
        /** Delete Row */
        delete_row: {
            /** Table Name */
            tableName: unknown;
            /** Filter (WHERE): Conditions to match rows for deletion */
            filter?: Record<string, unknown>;
        };
        /** Find Row */
        find_row: {
            /** Table Name */
            tableName: unknown;
            /** Filter (WHERE): Conditions to match rows */
            filter?: Record<string, unknown>;
        };
        /** Insert Row */
        insert_row: {
            /** Table Name */
            tableName: unknown;
            /** Row: Column names and values to insert */
            row?: Record<string, unknown>;
        };
        /** Insert Rows */
        insert_rows: {
            /** Table Name */
            tableName: unknown;
            /** Rows: Array of objects with column names and values */
            rows?: unknown[];
        };
        /** Run Custom SQL */
        run_custom_sql: {
            /** Markdown: **DO NOT** insert dynamic input directly into the query. Use bind parameters (:param) to prevent **SQL injection**. */
            markdown?: string;
            /** SQL Query: SQL or PL/SQL to execute. Use :param for bind parameters. */
            sql?: string;
            /** Bind Parameters: Key-value pairs for bind variables */
            binds?: Record<string, unknown>;
        };
        /** Update Row */
        update_row: {
            /** Table Name */
            tableName: unknown;
            /** Values: Column names and new values to set */
            values?: Record<string, unknown>;
            /** Filter (WHERE): Conditions to match rows. Empty object updates ALL rows. */
            filter?: Record<string, unknown>;
        };
    };
    /** Pastebin */
    pastebin: {
        /** Create Paste */
        create_paste: {
            /** Content */
            content: string;
            /** Format */
            format?: "4cs" | "6502acme" | "6502kickass" | "6502tasm" | "abap" | "actionscript" | "actionscript3" | "ada" | "aimms" | "algol68" | "apache" | "applescript" | "apt_sources" | "arduino" | "arm" | "asm" | "asp" | "asymptote" | "autoconf" | "autohotkey" | "autoit" | "avisynth" | "awk" | "bascomavr" | "bash" | "basic4gl" | "dos" | "bibtex" | "b3d" | "blitzbasic" | "bmx" | "bnf" | "boo" | "bf" | "c" | "csharp" | "c_winapi" | "cpp" | "cpp-winapi" | "cpp-qt" | "c_loadrunner" | "caddcl" | "cadlisp" | "ceylon" | "cfdg" | "c_mac" | "chaiscript" | "chapel" | "cil" | "clojure" | "klonec" | "klonecpp" | "cmake" | "cobol" | "coffeescript" | "cfm" | "css" | "cuesheet" | "d" | "dart" | "dcl" | "dcpu16" | "dcs" | "delphi" | "oxygene" | "diff" | "div" | "dot" | "e" | "ezt" | "ecmascript" | "eiffel" | "email" | "epc" | "erlang" | "euphoria" | "fsharp" | "falcon" | "filemaker" | "fo" | "f1" | "fortran" | "freebasic" | "freeswitch" | "gambas" | "gml" | "gdb" | "gdscript" | "genero" | "genie" | "gettext" | "go" | "godot-glsl" | "groovy" | "gwbasic" | "haskell" | "haxe" | "hicest" | "hq9plus" | "html4strict" | "html5" | "icon" | "idl" | "ini" | "inno" | "intercal" | "io" | "ispfpanel" | "j" | "java" | "java5" | "javascript" | "jcl" | "jquery" | "json" | "julia" | "kixtart" | "kotlin" | "ksp" | "latex" | "ldif" | "lb" | "lsl2" | "lisp" | "llvm" | "locobasic" | "logtalk" | "lolcode" | "lotusformulas" | "lotusscript" | "lscript" | "lua" | "m68k" | "magiksf" | "make" | "mapbasic" | "markdown" | "matlab" | "mercury" | "metapost" | "mirc" | "mmix" | "mk-61" | "modula2" | "modula3" | "68000devpac" | "mpasm" | "mxml" | "mysql" | "nagios" | "netrexx" | "newlisp" | "nginx" | "nim" | "nsis" | "oberon2" | "objeck" | "objc" | "ocaml" | "ocaml-brief" | "octave" | "pf" | "glsl" | "oorexx" | "oobas" | "oracle8" | "oracle11" | "oz" | "parasail" | "parigp" | "pascal" | "pawn" | "pcre" | "per" | "perl" | "perl6" | "phix" | "php" | "php-brief" | "pic16" | "pike" | "pixelbender" | "pli" | "plsql" | "postgresql" | "postscript" | "povray" | "powerbuilder" | "powershell" | "proftpd" | "progress" | "prolog" | "properties" | "providex" | "puppet" | "purebasic" | "pycon" | "python" | "pys60" | "q" | "qbasic" | "qml" | "rsplus" | "racket" | "rails" | "rbs" | "rebol" | "reg" | "rexx" | "robots" | "roff" | "rpmspec" | "ruby" | "gnuplot" | "rust" | "sas" | "scala" | "scheme" | "scilab" | "scl" | "sdlbasic" | "smalltalk" | "smarty" | "spark" | "sparql" | "sqf" | "sql" | "sshconfig" | "standardml" | "stonescript" | "sclang" | "swift" | "systemverilog" | "tsql" | "tcl" | "teraterm" | "texgraph" | "thinbasic" | "typescript" | "typoscript" | "unicon" | "uscript" | "upc" | "urbi" | "vala" | "vbnet" | "vbscript" | "vedit" | "verilog" | "vhdl" | "vim" | "vb" | "visualfoxpro" | "visualprolog" | "whitespace" | "whois" | "winbatch" | "xbasic" | "xml" | "xojo" | "xorg_conf" | "xpp" | "yaml" | "yara" | "z80" | "zxbasic";
            /** Name */
            name?: string;
            /** Privacy */
            privacy?: "0" | "1" | "2";
            /** Expiry */
            expiry?: "N" | "10M" | "1H" | "1D" | "1W" | "2W" | "1M" | "6M" | "1Y";
            /** Folder */
            folder?: string;
        };
        /** Get Paste Content */
        get_paste_content: {
            /** Paste ID */
            paste_id: string;
        };
    };
    /** Pdfcrowd */
    pdfcrowd: {
        /** Custom API Call */
        custom_api_call: {
            /** Url */
            url: unknown;
            /** Method */
            method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";
            /** Headers: Authorization headers are injected automatically from your connection. */
            headers?: Record<string, unknown>;
            /** Query Parameters: Appended to the URL as ?key=value. */
            queryParams?: Record<string, unknown>;
            /** Body Type */
            body_type?: unknown;
            /** Body */
            body?: unknown;
            /** Response is Binary: Enable for files like PDFs, images, etc. */
            response_is_binary?: boolean;
            /** Return Error as Output: On a failed request, output the error instead of failing the step. */
            failsafe?: boolean;
            /** Timeout: Seconds to wait for a response. Empty: up to the flow limit (10 min). */
            timeout?: number;
            /** Follow redirects: Follow 3xx redirects instead of returning them as the response. */
            followRedirects?: boolean;
        };
        /** Convert HTML to PDF */
        html_to_pdf: {
            /** HTML Content: The HTML content to convert to PDF */
            htmlContent: string;
            /** Output Filename: The filename for the generated PDF */
            outputFilename?: string;
            /** Page Size: Set the output page size using standard formats (A4, Letter, A3, etc.). Use A4 for international documents, Letter for US-based content, or larger sizes like A3 for posters and presentatio… */
            page_size?: "A0" | "A1" | "A2" | "A3" | "A4" | "A5" | "A6" | "Letter";
            /** Page Width: Set custom page dimensions when standard sizes don't fit your needs. Useful for banners, receipts, custom forms, or when matching specific printing equipment. The safe maximum is 200in - … */
            page_width?: string;
            /** Page Height: Set custom page height for specific formats like receipts, banners, or legal documents. Set to "-1" for a single-page PDF that expands to fit all content vertically - ideal for web pages… */
            page_height?: string;
            /** Orientation: Set the output page orientation to portrait or landscape. Use landscape for wide content like spreadsheets, charts, or dashboards. Use portrait for standard documents and text-heavy cont… */
            orientation?: "landscape" | "portrait";
            /** Margin Top: Control white space at the top of the page. Increase for header space, formal documents, or annotation room (e.g., 1in or more). Decrease to maximize content area or fit more content (e.g… */
            margin_top?: string;
            /** Margin Right: Control white space on the right edge of the page. Increase for binding/hole-punch clearance or note-taking space (e.g., 1in or more). Decrease to fit wider content (e.g., 5mm to 10mm).… */
            margin_right?: string;
            /** Margin Bottom: Control white space at the bottom of the page. Increase for footer space, page numbers, or formal documents (e.g., 1in or more). Decrease to fit more content per page (e.g., 5mm to 10m… */
            margin_bottom?: string;
            /** Margin Left: Control white space on the left edge of the page. Increase for binding/hole-punch clearance or note-taking space (e.g., 1in or more). Decrease to fit wider content (e.g., 5mm to 10mm). D… */
            margin_left?: string;
            /** No Margins: Disable all page margins to use the entire page area. Use this for full-bleed designs where content should extend to the page edges, such as posters, certificates, or branded materials. C… */
            no_margins?: boolean;
            /** Print Page Range: Set the page range to print when you only need specific pages from the conversion. Use this to extract individual pages (e.g., "2"), specific ranges (e.g., "3-7"), or combinations (… */
            print_page_range?: string;
            /** Content Viewport Width: Set the viewport width for formatting the HTML content when generating a PDF. Use this to control how responsive designs render - prevent mobile styles from applying when you … */
            content_viewport_width?: "balanced" | "small" | "medium" | "large" | "extra-large";
            /** Content Viewport Height: Set the viewport height for formatting the HTML content when generating a PDF. Specify a viewport height to enforce loading of lazy-loaded images and affect vertical position… */
            content_viewport_height?: "auto" | "large";
            /** Content Fit Mode: Specify the mode for fitting the HTML content to the print area by upscaling or downscaling it. Use this to prevent content from being cut off at page edges or to enable smart scali… */
            content_fit_mode?: "auto" | "smart-scaling" | "no-scaling" | "viewport-width" | "content-width" | "single-page" | "single-page-ratio";
            /** Remove Blank Pages: Specify which blank pages to exclude from the output document to create cleaner PDFs. Use "trailing" to remove empty pages at the end caused by page break issues. Use "all" to rem… */
            remove_blank_pages?: "trailing" | "all" | "none";
            /** Header URL: Load an HTML code from the specified URL and use it as the page header. */
            header_url?: string;
            /** Header HTML: Set the HTML header content with custom styling and dynamic page numbers. Use this to add page numbers, document titles, author names, dates, or company branding to the top of every page… */
            header_html?: string;
            /** Header Height: Set the header height to allocate space for header content and prevent overlap with main content. Increase this if your header text is getting cut off or overlapping with page content.… */
            header_height?: string;
            /** Footer URL: Load an HTML code from the specified URL and use it as the page footer. */
            footer_url?: string;
            /** Footer HTML: Set the HTML footer content with custom styling and dynamic page numbers. Use this to add page numbers, copyright notices, document dates, or company information to the bottom of every p… */
            footer_html?: string;
            /** Footer Height: Set the footer height to allocate space for footer content and prevent overlap with main content. Increase this if your footer text is getting cut off or overlapping with page content.… */
            footer_height?: string;
            /** No Header Footer Horizontal Margins: Disable horizontal page margins for header and footer. The header/footer contents width will be equal to the physical page width. */
            no_header_footer_horizontal_margins?: boolean;
            /** Exclude Header On Pages: The page header content is not printed on the specified pages. To remove the entire header area, use the conversion config. */
            exclude_header_on_pages?: string;
            /** Exclude Footer On Pages: The page footer content is not printed on the specified pages. To remove the entire footer area, use the conversion config. */
            exclude_footer_on_pages?: string;
            /** Header Footer Scale Factor: Set the scaling factor (zoom) for the header and footer. */
            header_footer_scale_factor?: number;
            /** Page Numbering Offset: Set the numbering offset for page numbers in header/footer HTML to continue page numbering from a previous document. Use this when generating document sections separately - for… */
            page_numbering_offset?: number;
            /** Page Watermark URL: Load a file from the specified URL and apply the file as a watermark to each page of the output PDF. A watermark can be either a PDF or an image. If a multi-page file (PDF or TIFF… */
            page_watermark_url?: string;
            /** Multipage Watermark URL: Load a file from the specified URL and apply each page of the file as a watermark to the corresponding page of the output PDF. A watermark can be either a PDF or an image. */
            multipage_watermark_url?: string;
            /** Page Background URL: Load a file from the specified URL and apply the file as a background to each page of the output PDF. A background can be either a PDF or an image. If a multi-page file (PDF or T… */
            page_background_url?: string;
            /** Multipage Background URL: Load a file from the specified URL and apply each page of the file as a background to the corresponding page of the output PDF. A background can be either a PDF or an image. */
            multipage_background_url?: string;
            /** Page Background Color: Set a solid background color for all pages, filling the entire page area including margins. Useful for creating branded PDFs with corporate colors, highlighting draft documents… */
            page_background_color?: string;
            /** Use Print Media: Use the print version of the page if available via @media print CSS rules. Enable this when converting websites that have print-optimized styles. Many sites hide navigation, ads, and… */
            use_print_media?: boolean;
            /** No Background: Do not print the background graphics to create printer-friendly PDFs. Use this when documents will be physically printed to save ink costs and improve readability. Removes background c… */
            no_background?: boolean;
            /** Disable JavaScript: Do not execute JavaScript during conversion. Use this to improve conversion speed when JavaScript is not needed, prevent dynamic content changes, or avoid security risks from untr… */
            disable_javascript?: boolean;
            /** Disable Image Loading: Do not load images during conversion to create text-only PDFs. Use this to significantly speed up conversion, reduce file size, or create accessible text-focused documents. Ide… */
            disable_image_loading?: boolean;
            /** Disable Remote Fonts: Disable loading fonts from remote sources. Use this to speed up conversion by avoiding font download delays, ensure consistent rendering with system fonts, or work around font l… */
            disable_remote_fonts?: boolean;
            /** Load Iframes: Specifies how iframes are handled during conversion. Use "all" to include all embedded content (videos, maps, widgets). Use "same-origin" to include only content from the same domain fo… */
            load_iframes?: "all" | "same-origin" | "none";
            /** Block Ads: Automatically block common advertising networks and tracking scripts during conversion, producing cleaner PDFs with faster conversion times. Filters out third-party ad content, analytics b… */
            block_ads?: boolean;
            /** Default Encoding: Specify the character encoding when the HTML lacks proper charset declaration or has incorrect encoding. Prevents garbled text for non-English content, especially legacy pages witho… */
            default_encoding?: string;
            /** Locale: Set the locale for the conversion to control regional formatting of dates, times, and numbers. Use this when converting content for specific regions - for example, set to "en-US" for MM/DD/YY… */
            locale?: string;
            /** HTTP Auth User Name: Set the HTTP authentication user name. Required to access protected web pages or staging environments. */
            http_auth_user_name?: string;
            /** HTTP Auth Password: Set the HTTP authentication password. Required to access protected web pages or staging environments. */
            http_auth_password?: string;
            /** Cookies: Set HTTP cookies to be included in all requests made by the converter to access authenticated or session-based content. Use this when converting pages that require login, maintain user sessi… */
            cookies?: string;
            /** Verify SSL Certificates: Enforce SSL certificate validation for secure connections, preventing conversions from sites with invalid certificates. Enable when converting from production sites with vali… */
            verify_ssl_certificates?: boolean;
            /** Fail On Main URL Error: Abort the conversion if the HTTP status code of the main URL is greater than or equal to 400 (client/server errors). Use this in automated workflows to catch broken URLs or au… */
            fail_on_main_url_error?: boolean;
            /** Fail On Any URL Error: Abort the conversion if any sub-request (images, stylesheets, scripts) fails with HTTP 400+ errors. Use this for strict quality control when all assets must load successfully. */
            fail_on_any_url_error?: boolean;
            /** CSS Page Rule Mode: Specifies behavior in the presence of CSS @page rules to control which settings take precedence. Use "default" to prioritize API settings over CSS rules, ensuring consistent outpu… */
            css_page_rule_mode?: "default" | "mode1" | "mode2";
            /** Custom CSS: Apply custom CSS to the input HTML document to modify the visual appearance and layout of your content dynamically. Use this to override default styles, adjust spacing, change fonts, or f… */
            custom_css?: string;
            /** Custom JavaScript: Run a custom JavaScript after the document is loaded and ready to print. Use this to modify page content before conversion, remove unwanted elements, or trigger specific page state… */
            custom_javascript?: string;
            /** On Load JavaScript: Run a custom JavaScript right after the document is loaded. The script is intended for early DOM manipulation (add/remove elements, update CSS, ...). In addition to the standard b… */
            on_load_javascript?: string;
            /** Custom HTTP Header: Set a custom HTTP header to be included in all requests made by the converter. Use this to pass authentication tokens to protected sites, add tracking headers for analytics, or pr… */
            custom_http_header?: string;
            /** JavaScript Delay: Wait the specified number of milliseconds to finish all JavaScript after the document is loaded. Use this to ensure lazy-loaded images, AJAX content, or animations complete before c… */
            javascript_delay?: number;
            /** Element To Convert: Convert only the specified element from the main document and its children. Use this to extract specific portions of a page (like article content) while excluding navigation, head… */
            element_to_convert?: string;
            /** Element To Convert Mode: Control how CSS styles are applied when converting only part of a page. The "cut-out" option extracts the element into a new document root, which may break CSS selectors like… */
            element_to_convert_mode?: "cut-out" | "remove-siblings" | "hide-siblings";
            /** Wait For Element: Wait for the specified element in a source document. Use this when specific dynamic content must be ready before conversion, avoiding unnecessary delays from a fixed JavaScript dela… */
            wait_for_element?: string;
            /** Auto Detect Element To Convert: The main HTML element for conversion is detected automatically. Use this when you want to extract article or main content without knowing the exact CSS selector, autom… */
            auto_detect_element_to_convert?: boolean;
            /** Readability Enhancements: Automatically enhance the input HTML to improve readability by removing clutter and reformatting content. Use this when converting web pages with excessive navigation, ads, … */
            readability_enhancements?: "none" | "readability-v1" | "readability-v2" | "readability-v3" | "readability-v4";
            /** Scale Factor: Set the scaling factor (zoom) for the main page area to fit content better. Use values below 100% to shrink oversized content that is getting cut off at page edges. Use values above 100… */
            scale_factor?: number;
            /** JPEG Quality: Set the quality of embedded JPEG images to balance file size and visual quality. Use 100% for archival documents or when image quality is critical. Use 70-85% for web distribution to si… */
            jpeg_quality?: number;
            /** Convert Images To JPEG: Specify which image types will be converted to JPEG to reduce PDF file size. Use "opaque" to convert only non-transparent images (safe for most documents). Use "all" to conver… */
            convert_images_to_jpeg?: "none" | "opaque" | "all";
            /** Image DPI: Set the DPI of images in PDF to control resolution and file size. Use 300 DPI for professional printing, 150 DPI for everyday documents, 96 DPI for screen-only viewing, or 72 DPI for web d… */
            image_dpi?: number;
            /** Enable PDF Forms: Convert HTML forms to fillable PDF forms that users can complete in PDF readers. Use this to create interactive PDFs from HTML forms. Ideal for creating fillable applications, surve… */
            enable_pdf_forms?: boolean;
            /** Linearize: Create linearized PDF. This is also known as Fast Web View. Use this to optimize PDFs for progressive download, allowing users to start viewing the first page while the rest downloads. */
            linearize?: boolean;
            /** Encrypt: Encrypt the PDF to prevent search engines from indexing the contents and add an extra layer of security. Use this for confidential documents, internal reports, or any content you do not want… */
            encrypt?: boolean;
            /** User Password: Protect the PDF with a user password to restrict who can open and view the document. Recipients must enter this password to view the PDF. Use this for confidential documents, sensitive… */
            user_password?: string;
            /** Owner Password: Protect the PDF with an owner password for administrative control. This password allows changing permissions, passwords, and document restrictions - like a master key. Use different u… */
            owner_password?: string;
            /** No Print: Disallow printing of the output PDF to protect sensitive content. Use this for confidential documents, copyrighted materials, or preview versions you want to restrict. */
            no_print?: boolean;
            /** No Modify: Disallow modification of the output PDF to maintain document integrity. Use this for official documents, contracts, or records that should not be altered after creation. Prevents recipient… */
            no_modify?: boolean;
            /** No Copy: Disallow text and graphics extraction from the output PDF to protect copyrighted content. Use this for ebooks, proprietary documents, or materials where you want to prevent easy copying and … */
            no_copy?: boolean;
            /** Title: Set the title of the PDF that appears in PDF reader title bars and document properties. Use descriptive titles for better organization and searchability in document management systems. This me… */
            title?: string;
            /** Subject: Set the subject of the PDF to categorize or summarize the document content. Use this to add searchable metadata for document management systems, improve organization in large PDF libraries, … */
            subject?: string;
            /** Author: Set the author of the PDF for attribution and document tracking. Use this to identify who created the document, important for official documents, reports, or publications. This metadata appea… */
            author?: string;
            /** Keywords: Associate keywords with the document to improve searchability in document management systems. Use relevant terms that describe the content, making it easier to find documents later. Separat… */
            keywords?: string;
            /** Extract Meta Tags: Extract meta tags (author, keywords and description) from the input HTML and automatically populate PDF metadata. Use this when converting web pages that already have proper HTML m… */
            extract_meta_tags?: boolean;
            /** Page Layout: Control how pages appear when the PDF opens in viewers that respect these preferences. "single-page" for focused reading one page at a time. "one-column" for continuous scrolling like a … */
            page_layout?: "single-page" | "one-column" | "two-column-left" | "two-column-right";
            /** Page Mode: Control the initial display mode when the PDF opens. "full-screen" for presentations and kiosk displays where you want an immersive experience. "thumbnails" for long documents where visual… */
            page_mode?: "full-screen" | "thumbnails" | "outlines";
            /** Initial Zoom Type: Control how the PDF is initially zoomed when opened. */
            initial_zoom_type?: "fit-width" | "fit-height" | "fit-page";
            /** Initial Page: Display the specified page when the document is opened. */
            initial_page?: number;
            /** Initial Zoom: Specify the initial page zoom in percents when the document is opened. */
            initial_zoom?: number;
            /** Hide Toolbar: Hide the viewer's toolbar when the PDF is opened to provide a cleaner, more focused reading experience. Use this for presentations, kiosk displays, or immersive reading where you want m… */
            hide_toolbar?: boolean;
            /** Hide Menubar: Hide the viewer's menu bar when the PDF is opened for a cleaner interface. Use this for kiosk mode, presentations, or embedded PDFs where you want to minimize UI elements. */
            hide_menubar?: boolean;
            /** Hide Window UI: Hide user interface elements like scroll bars and navigation controls when the PDF opens. Use this for presentation mode, digital signage, or embedded PDFs where you want the most min… */
            hide_window_ui?: boolean;
            /** Fit Window: Resize the PDF viewer window to fit the size of the first displayed page when opened. Use this to ensure the PDF opens at an appropriate size rather than filling the entire screen. Partic… */
            fit_window?: boolean;
            /** Center Window: Position the PDF viewer window in the center of the screen when opened. Use this with window resizing to create a professional, centered display for forms, certificates, or small docum… */
            center_window?: boolean;
            /** Display Title: Display the title of the HTML document in the PDF viewer's title bar instead of the filename. Use this to show more descriptive titles when PDFs are opened - particularly useful when t… */
            display_title?: boolean;
            /** Right To Left: Set the predominant reading order for text to right-to-left. This option has no direct effect on the document's contents or page numbering but can be used to determine the relative pos… */
            right_to_left?: boolean;
            /** Data String: Set the input data for template rendering. The data format can be JSON, XML, YAML or CSV. */
            data_string?: string;
            /** Data Format: Specify the input data format. Use "auto" for automatic detection or explicitly set to JSON, XML, YAML, or CSV when format is known. */
            data_format?: "auto" | "json" | "xml" | "yaml" | "csv";
            /** Data Ignore Undefined: Ignore undefined variables in the HTML template. The default mode is strict so any undefined variable causes the conversion to fail. You can use {% if variable is defined %} to… */
            data_ignore_undefined?: boolean;
            /** Data Auto Escape: Auto escape HTML symbols in the input data before placing them into the output. */
            data_auto_escape?: boolean;
            /** Data Trim Blocks: Auto trim whitespace around each template command block. */
            data_trim_blocks?: boolean;
            /** Data Options: Set the advanced data options as comma separated key=value pairs: csv_delimiter - The CSV data delimiter, the default is ,. xml_remove_root - Remove the root XML element from the input … */
            data_options?: string;
            /** Debug Log: Turn on debug logging to troubleshoot conversion issues. Details about the conversion process, including resource loading, rendering steps, and error messages are stored in the debug log. … */
            debug_log?: boolean;
            /** Tag: Tag the conversion with a custom value for tracking and analytics. Use this to categorize conversions by customer ID, document type, or business unit. The tag appears in conversion statistics. A… */
            tag?: string;
            /** HTTP Proxy: A proxy server used by the conversion process for accessing the source URLs with HTTP scheme. This can help circumvent regional restrictions or provide limited access to your intranet. */
            http_proxy?: string;
            /** HTTPS Proxy: A proxy server used by the conversion process for accessing the source URLs with HTTPS scheme. This can help circumvent regional restrictions or provide limited access to your intranet. */
            https_proxy?: string;
            /** Layout DPI: Set the internal DPI resolution used for positioning of PDF contents. It can help in situations where there are small inaccuracies in the PDF. It is recommended to use values that are a m… */
            layout_dpi?: number;
            /** Main Document CSS Annotation: Add special CSS classes to the main document's body element. This allows applying custom styling based on these classes: pdfcrowd-page-X - where X is the current page nu… */
            main_document_css_annotation?: boolean;
            /** Header Footer CSS Annotation: Add special CSS classes to the header/footer's body element. This allows applying custom styling based on these classes: pdfcrowd-page-X - where X is the current page nu… */
            header_footer_css_annotation?: boolean;
            /** Conversion Config: Configure conversion via JSON. The configuration defines various page settings for individual PDF pages or ranges of pages. It provides flexibility in designing each page of the PD… */
            conversion_config?: string;
            /** Converter Version: Set the converter version. Different versions may produce different output. Choose which one provides the best output for your case. */
            converter_version?: "24.04" | "20.10" | "18.10";
            /** Page Watermark: Apply the first page of a watermark PDF to every page of the output PDF. Use this to add transparent overlays like "DRAFT" stamps, security markings, or branding elements that appear … */
            page_watermark?: FileInput;
            /** Multipage Watermark: Apply each page of a watermark PDF to the corresponding page of the output PDF. Use this for page-specific watermarks where different pages need different overlays - for example,… */
            multipage_watermark?: FileInput;
            /** Page Background: Apply the first page of a background PDF to every page of the output PDF. Use this to add letterheads, branded templates, or decorative backgrounds that appear behind your content. B… */
            page_background?: FileInput;
            /** Multipage Background: Apply each page of a background PDF to the corresponding page of the output PDF. Use this for page-specific backgrounds where each page needs a different template - for example,… */
            multipage_background?: FileInput;
        };
        /** Convert URL to PDF */
        url_to_pdf: {
            /** URL: The URL of the web page to convert. Must be publicly accessible. */
            url: string;
            /** Output Filename: The filename for the generated PDF */
            outputFilename?: string;
            /** Page Size: Set the output page size using standard formats (A4, Letter, A3, etc.). Use A4 for international documents, Letter for US-based content, or larger sizes like A3 for posters and presentatio… */
            page_size?: "A0" | "A1" | "A2" | "A3" | "A4" | "A5" | "A6" | "Letter";
            /** Page Width: Set custom page dimensions when standard sizes don't fit your needs. Useful for banners, receipts, custom forms, or when matching specific printing equipment. The safe maximum is 200in - … */
            page_width?: string;
            /** Page Height: Set custom page height for specific formats like receipts, banners, or legal documents. Set to "-1" for a single-page PDF that expands to fit all content vertically - ideal for web pages… */
            page_height?: string;
            /** Orientation: Set the output page orientation to portrait or landscape. Use landscape for wide content like spreadsheets, charts, or dashboards. Use portrait for standard documents and text-heavy cont… */
            orientation?: "landscape" | "portrait";
            /** Margin Top: Control white space at the top of the page. Increase for header space, formal documents, or annotation room (e.g., 1in or more). Decrease to maximize content area or fit more content (e.g… */
            margin_top?: string;
            /** Margin Right: Control white space on the right edge of the page. Increase for binding/hole-punch clearance or note-taking space (e.g., 1in or more). Decrease to fit wider content (e.g., 5mm to 10mm).… */
            margin_right?: string;
            /** Margin Bottom: Control white space at the bottom of the page. Increase for footer space, page numbers, or formal documents (e.g., 1in or more). Decrease to fit more content per page (e.g., 5mm to 10m… */
            margin_bottom?: string;
            /** Margin Left: Control white space on the left edge of the page. Increase for binding/hole-punch clearance or note-taking space (e.g., 1in or more). Decrease to fit wider content (e.g., 5mm to 10mm). D… */
            margin_left?: string;
            /** No Margins: Disable all page margins to use the entire page area. Use this for full-bleed designs where content should extend to the page edges, such as posters, certificates, or branded materials. C… */
            no_margins?: boolean;
            /** Print Page Range: Set the page range to print when you only need specific pages from the conversion. Use this to extract individual pages (e.g., "2"), specific ranges (e.g., "3-7"), or combinations (… */
            print_page_range?: string;
            /** Content Viewport Width: Set the viewport width for formatting the HTML content when generating a PDF. Use this to control how responsive designs render - prevent mobile styles from applying when you … */
            content_viewport_width?: "balanced" | "small" | "medium" | "large" | "extra-large";
            /** Content Viewport Height: Set the viewport height for formatting the HTML content when generating a PDF. Specify a viewport height to enforce loading of lazy-loaded images and affect vertical position… */
            content_viewport_height?: "auto" | "large";
            /** Content Fit Mode: Specify the mode for fitting the HTML content to the print area by upscaling or downscaling it. Use this to prevent content from being cut off at page edges or to enable smart scali… */
            content_fit_mode?: "auto" | "smart-scaling" | "no-scaling" | "viewport-width" | "content-width" | "single-page" | "single-page-ratio";
            /** Remove Blank Pages: Specify which blank pages to exclude from the output document to create cleaner PDFs. Use "trailing" to remove empty pages at the end caused by page break issues. Use "all" to rem… */
            remove_blank_pages?: "trailing" | "all" | "none";
            /** Header URL: Load an HTML code from the specified URL and use it as the page header. */
            header_url?: string;
            /** Header HTML: Set the HTML header content with custom styling and dynamic page numbers. Use this to add page numbers, document titles, author names, dates, or company branding to the top of every page… */
            header_html?: string;
            /** Header Height: Set the header height to allocate space for header content and prevent overlap with main content. Increase this if your header text is getting cut off or overlapping with page content.… */
            header_height?: string;
            /** Footer URL: Load an HTML code from the specified URL and use it as the page footer. */
            footer_url?: string;
            /** Footer HTML: Set the HTML footer content with custom styling and dynamic page numbers. Use this to add page numbers, copyright notices, document dates, or company information to the bottom of every p… */
            footer_html?: string;
            /** Footer Height: Set the footer height to allocate space for footer content and prevent overlap with main content. Increase this if your footer text is getting cut off or overlapping with page content.… */
            footer_height?: string;
            /** No Header Footer Horizontal Margins: Disable horizontal page margins for header and footer. The header/footer contents width will be equal to the physical page width. */
            no_header_footer_horizontal_margins?: boolean;
            /** Exclude Header On Pages: The page header content is not printed on the specified pages. To remove the entire header area, use the conversion config. */
            exclude_header_on_pages?: string;
            /** Exclude Footer On Pages: The page footer content is not printed on the specified pages. To remove the entire footer area, use the conversion config. */
            exclude_footer_on_pages?: string;
            /** Header Footer Scale Factor: Set the scaling factor (zoom) for the header and footer. */
            header_footer_scale_factor?: number;
            /** Page Numbering Offset: Set the numbering offset for page numbers in header/footer HTML to continue page numbering from a previous document. Use this when generating document sections separately - for… */
            page_numbering_offset?: number;
            /** Page Watermark URL: Load a file from the specified URL and apply the file as a watermark to each page of the output PDF. A watermark can be either a PDF or an image. If a multi-page file (PDF or TIFF… */
            page_watermark_url?: string;
            /** Multipage Watermark URL: Load a file from the specified URL and apply each page of the file as a watermark to the corresponding page of the output PDF. A watermark can be either a PDF or an image. */
            multipage_watermark_url?: string;
            /** Page Background URL: Load a file from the specified URL and apply the file as a background to each page of the output PDF. A background can be either a PDF or an image. If a multi-page file (PDF or T… */
            page_background_url?: string;
            /** Multipage Background URL: Load a file from the specified URL and apply each page of the file as a background to the corresponding page of the output PDF. A background can be either a PDF or an image. */
            multipage_background_url?: string;
            /** Page Background Color: Set a solid background color for all pages, filling the entire page area including margins. Useful for creating branded PDFs with corporate colors, highlighting draft documents… */
            page_background_color?: string;
            /** Use Print Media: Use the print version of the page if available via @media print CSS rules. Enable this when converting websites that have print-optimized styles. Many sites hide navigation, ads, and… */
            use_print_media?: boolean;
            /** No Background: Do not print the background graphics to create printer-friendly PDFs. Use this when documents will be physically printed to save ink costs and improve readability. Removes background c… */
            no_background?: boolean;
            /** Disable JavaScript: Do not execute JavaScript during conversion. Use this to improve conversion speed when JavaScript is not needed, prevent dynamic content changes, or avoid security risks from untr… */
            disable_javascript?: boolean;
            /** Disable Image Loading: Do not load images during conversion to create text-only PDFs. Use this to significantly speed up conversion, reduce file size, or create accessible text-focused documents. Ide… */
            disable_image_loading?: boolean;
            /** Disable Remote Fonts: Disable loading fonts from remote sources. Use this to speed up conversion by avoiding font download delays, ensure consistent rendering with system fonts, or work around font l… */
            disable_remote_fonts?: boolean;
            /** Load Iframes: Specifies how iframes are handled during conversion. Use "all" to include all embedded content (videos, maps, widgets). Use "same-origin" to include only content from the same domain fo… */
            load_iframes?: "all" | "same-origin" | "none";
            /** Block Ads: Automatically block common advertising networks and tracking scripts during conversion, producing cleaner PDFs with faster conversion times. Filters out third-party ad content, analytics b… */
            block_ads?: boolean;
            /** Default Encoding: Specify the character encoding when the HTML lacks proper charset declaration or has incorrect encoding. Prevents garbled text for non-English content, especially legacy pages witho… */
            default_encoding?: string;
            /** Locale: Set the locale for the conversion to control regional formatting of dates, times, and numbers. Use this when converting content for specific regions - for example, set to "en-US" for MM/DD/YY… */
            locale?: string;
            /** HTTP Auth User Name: Set the HTTP authentication user name. Required to access protected web pages or staging environments. */
            http_auth_user_name?: string;
            /** HTTP Auth Password: Set the HTTP authentication password. Required to access protected web pages or staging environments. */
            http_auth_password?: string;
            /** Cookies: Set HTTP cookies to be included in all requests made by the converter to access authenticated or session-based content. Use this when converting pages that require login, maintain user sessi… */
            cookies?: string;
            /** Verify SSL Certificates: Enforce SSL certificate validation for secure connections, preventing conversions from sites with invalid certificates. Enable when converting from production sites with vali… */
            verify_ssl_certificates?: boolean;
            /** Fail On Main URL Error: Abort the conversion if the HTTP status code of the main URL is greater than or equal to 400 (client/server errors). Use this in automated workflows to catch broken URLs or au… */
            fail_on_main_url_error?: boolean;
            /** Fail On Any URL Error: Abort the conversion if any sub-request (images, stylesheets, scripts) fails with HTTP 400+ errors. Use this for strict quality control when all assets must load successfully. */
            fail_on_any_url_error?: boolean;
            /** CSS Page Rule Mode: Specifies behavior in the presence of CSS @page rules to control which settings take precedence. Use "default" to prioritize API settings over CSS rules, ensuring consistent outpu… */
            css_page_rule_mode?: "default" | "mode1" | "mode2";
            /** Custom CSS: Apply custom CSS to the input HTML document to modify the visual appearance and layout of your content dynamically. Use this to override default styles, adjust spacing, change fonts, or f… */
            custom_css?: string;
            /** Custom JavaScript: Run a custom JavaScript after the document is loaded and ready to print. Use this to modify page content before conversion, remove unwanted elements, or trigger specific page state… */
            custom_javascript?: string;
            /** On Load JavaScript: Run a custom JavaScript right after the document is loaded. The script is intended for early DOM manipulation (add/remove elements, update CSS, ...). In addition to the standard b… */
            on_load_javascript?: string;
            /** Custom HTTP Header: Set a custom HTTP header to be included in all requests made by the converter. Use this to pass authentication tokens to protected sites, add tracking headers for analytics, or pr… */
            custom_http_header?: string;
            /** JavaScript Delay: Wait the specified number of milliseconds to finish all JavaScript after the document is loaded. Use this to ensure lazy-loaded images, AJAX content, or animations complete before c… */
            javascript_delay?: number;
            /** Element To Convert: Convert only the specified element from the main document and its children. Use this to extract specific portions of a page (like article content) while excluding navigation, head… */
            element_to_convert?: string;
            /** Element To Convert Mode: Control how CSS styles are applied when converting only part of a page. The "cut-out" option extracts the element into a new document root, which may break CSS selectors like… */
            element_to_convert_mode?: "cut-out" | "remove-siblings" | "hide-siblings";
            /** Wait For Element: Wait for the specified element in a source document. Use this when specific dynamic content must be ready before conversion, avoiding unnecessary delays from a fixed JavaScript dela… */
            wait_for_element?: string;
            /** Auto Detect Element To Convert: The main HTML element for conversion is detected automatically. Use this when you want to extract article or main content without knowing the exact CSS selector, autom… */
            auto_detect_element_to_convert?: boolean;
            /** Readability Enhancements: Automatically enhance the input HTML to improve readability by removing clutter and reformatting content. Use this when converting web pages with excessive navigation, ads, … */
            readability_enhancements?: "none" | "readability-v1" | "readability-v2" | "readability-v3" | "readability-v4";
            /** Scale Factor: Set the scaling factor (zoom) for the main page area to fit content better. Use values below 100% to shrink oversized content that is getting cut off at page edges. Use values above 100… */
            scale_factor?: number;
            /** JPEG Quality: Set the quality of embedded JPEG images to balance file size and visual quality. Use 100% for archival documents or when image quality is critical. Use 70-85% for web distribution to si… */
            jpeg_quality?: number;
            /** Convert Images To JPEG: Specify which image types will be converted to JPEG to reduce PDF file size. Use "opaque" to convert only non-transparent images (safe for most documents). Use "all" to conver… */
            convert_images_to_jpeg?: "none" | "opaque" | "all";
            /** Image DPI: Set the DPI of images in PDF to control resolution and file size. Use 300 DPI for professional printing, 150 DPI for everyday documents, 96 DPI for screen-only viewing, or 72 DPI for web d… */
            image_dpi?: number;
            /** Enable PDF Forms: Convert HTML forms to fillable PDF forms that users can complete in PDF readers. Use this to create interactive PDFs from HTML forms. Ideal for creating fillable applications, surve… */
            enable_pdf_forms?: boolean;
            /** Linearize: Create linearized PDF. This is also known as Fast Web View. Use this to optimize PDFs for progressive download, allowing users to start viewing the first page while the rest downloads. */
            linearize?: boolean;
            /** Encrypt: Encrypt the PDF to prevent search engines from indexing the contents and add an extra layer of security. Use this for confidential documents, internal reports, or any content you do not want… */
            encrypt?: boolean;
            /** User Password: Protect the PDF with a user password to restrict who can open and view the document. Recipients must enter this password to view the PDF. Use this for confidential documents, sensitive… */
            user_password?: string;
            /** Owner Password: Protect the PDF with an owner password for administrative control. This password allows changing permissions, passwords, and document restrictions - like a master key. Use different u… */
            owner_password?: string;
            /** No Print: Disallow printing of the output PDF to protect sensitive content. Use this for confidential documents, copyrighted materials, or preview versions you want to restrict. */
            no_print?: boolean;
            /** No Modify: Disallow modification of the output PDF to maintain document integrity. Use this for official documents, contracts, or records that should not be altered after creation. Prevents recipient… */
            no_modify?: boolean;
            /** No Copy: Disallow text and graphics extraction from the output PDF to protect copyrighted content. Use this for ebooks, proprietary documents, or materials where you want to prevent easy copying and … */
            no_copy?: boolean;
            /** Title: Set the title of the PDF that appears in PDF reader title bars and document properties. Use descriptive titles for better organization and searchability in document management systems. This me… */
            title?: string;
            /** Subject: Set the subject of the PDF to categorize or summarize the document content. Use this to add searchable metadata for document management systems, improve organization in large PDF libraries, … */
            subject?: string;
            /** Author: Set the author of the PDF for attribution and document tracking. Use this to identify who created the document, important for official documents, reports, or publications. This metadata appea… */
            author?: string;
            /** Keywords: Associate keywords with the document to improve searchability in document management systems. Use relevant terms that describe the content, making it easier to find documents later. Separat… */
            keywords?: string;
            /** Extract Meta Tags: Extract meta tags (author, keywords and description) from the input HTML and automatically populate PDF metadata. Use this when converting web pages that already have proper HTML m… */
            extract_meta_tags?: boolean;
            /** Page Layout: Control how pages appear when the PDF opens in viewers that respect these preferences. "single-page" for focused reading one page at a time. "one-column" for continuous scrolling like a … */
            page_layout?: "single-page" | "one-column" | "two-column-left" | "two-column-right";
            /** Page Mode: Control the initial display mode when the PDF opens. "full-screen" for presentations and kiosk displays where you want an immersive experience. "thumbnails" for long documents where visual… */
            page_mode?: "full-screen" | "thumbnails" | "outlines";
            /** Initial Zoom Type: Control how the PDF is initially zoomed when opened. */
            initial_zoom_type?: "fit-width" | "fit-height" | "fit-page";
            /** Initial Page: Display the specified page when the document is opened. */
            initial_page?: number;
            /** Initial Zoom: Specify the initial page zoom in percents when the document is opened. */
            initial_zoom?: number;
            /** Hide Toolbar: Hide the viewer's toolbar when the PDF is opened to provide a cleaner, more focused reading experience. Use this for presentations, kiosk displays, or immersive reading where you want m… */
            hide_toolbar?: boolean;
            /** Hide Menubar: Hide the viewer's menu bar when the PDF is opened for a cleaner interface. Use this for kiosk mode, presentations, or embedded PDFs where you want to minimize UI elements. */
            hide_menubar?: boolean;
            /** Hide Window UI: Hide user interface elements like scroll bars and navigation controls when the PDF opens. Use this for presentation mode, digital signage, or embedded PDFs where you want the most min… */
            hide_window_ui?: boolean;
            /** Fit Window: Resize the PDF viewer window to fit the size of the first displayed page when opened. Use this to ensure the PDF opens at an appropriate size rather than filling the entire screen. Partic… */
            fit_window?: boolean;
            /** Center Window: Position the PDF viewer window in the center of the screen when opened. Use this with window resizing to create a professional, centered display for forms, certificates, or small docum… */
            center_window?: boolean;
            /** Display Title: Display the title of the HTML document in the PDF viewer's title bar instead of the filename. Use this to show more descriptive titles when PDFs are opened - particularly useful when t… */
            display_title?: boolean;
            /** Right To Left: Set the predominant reading order for text to right-to-left. This option has no direct effect on the document's contents or page numbering but can be used to determine the relative pos… */
            right_to_left?: boolean;
            /** Data String: Set the input data for template rendering. The data format can be JSON, XML, YAML or CSV. */
            data_string?: string;
            /** Data Format: Specify the input data format. Use "auto" for automatic detection or explicitly set to JSON, XML, YAML, or CSV when format is known. */
            data_format?: "auto" | "json" | "xml" | "yaml" | "csv";
            /** Data Ignore Undefined: Ignore undefined variables in the HTML template. The default mode is strict so any undefined variable causes the conversion to fail. You can use {% if variable is defined %} to… */
            data_ignore_undefined?: boolean;
            /** Data Auto Escape: Auto escape HTML symbols in the input data before placing them into the output. */
            data_auto_escape?: boolean;
            /** Data Trim Blocks: Auto trim whitespace around each template command block. */
            data_trim_blocks?: boolean;
            /** Data Options: Set the advanced data options as comma separated key=value pairs: csv_delimiter - The CSV data delimiter, the default is ,. xml_remove_root - Remove the root XML element from the input … */
            data_options?: string;
            /** Debug Log: Turn on debug logging to troubleshoot conversion issues. Details about the conversion process, including resource loading, rendering steps, and error messages are stored in the debug log. … */
            debug_log?: boolean;
            /** Tag: Tag the conversion with a custom value for tracking and analytics. Use this to categorize conversions by customer ID, document type, or business unit. The tag appears in conversion statistics. A… */
            tag?: string;
            /** HTTP Proxy: A proxy server used by the conversion process for accessing the source URLs with HTTP scheme. This can help circumvent regional restrictions or provide limited access to your intranet. */
            http_proxy?: string;
            /** HTTPS Proxy: A proxy server used by the conversion process for accessing the source URLs with HTTPS scheme. This can help circumvent regional restrictions or provide limited access to your intranet. */
            https_proxy?: string;
            /** Layout DPI: Set the internal DPI resolution used for positioning of PDF contents. It can help in situations where there are small inaccuracies in the PDF. It is recommended to use values that are a m… */
            layout_dpi?: number;
            /** Main Document CSS Annotation: Add special CSS classes to the main document's body element. This allows applying custom styling based on these classes: pdfcrowd-page-X - where X is the current page nu… */
            main_document_css_annotation?: boolean;
            /** Header Footer CSS Annotation: Add special CSS classes to the header/footer's body element. This allows applying custom styling based on these classes: pdfcrowd-page-X - where X is the current page nu… */
            header_footer_css_annotation?: boolean;
            /** Conversion Config: Configure conversion via JSON. The configuration defines various page settings for individual PDF pages or ranges of pages. It provides flexibility in designing each page of the PD… */
            conversion_config?: string;
            /** Converter Version: Set the converter version. Different versions may produce different output. Choose which one provides the best output for your case. */
            converter_version?: "24.04" | "20.10" | "18.10";
            /** Page Watermark: Apply the first page of a watermark PDF to every page of the output PDF. Use this to add transparent overlays like "DRAFT" stamps, security markings, or branding elements that appear … */
            page_watermark?: FileInput;
            /** Multipage Watermark: Apply each page of a watermark PDF to the corresponding page of the output PDF. Use this for page-specific watermarks where different pages need different overlays - for example,… */
            multipage_watermark?: FileInput;
            /** Page Background: Apply the first page of a background PDF to every page of the output PDF. Use this to add letterheads, branded templates, or decorative backgrounds that appear behind your content. B… */
            page_background?: FileInput;
            /** Multipage Background: Apply each page of a background PDF to the corresponding page of the output PDF. Use this for page-specific backgrounds where each page needs a different template - for example,… */
            multipage_background?: FileInput;
        };
    };
    /** Pipedrive */
    pipedrive: {
        /** Add Person */
        add_person: {
            /** Name */
            name: string;
            /** Owner: The user who owns this Person's record */
            owner_id?: unknown;
            /** Organization: The Org of this Person */
            org_id?: unknown;
            /** Email */
            email?: string;
            /** Phone */
            phone?: string;
            /** Marketing Status: Marketing opt-in status */
            marketing_status?: "no_consent" | "unsubscribed" | "subscribed" | "archived";
        };
    };
    /** PostHog */
    posthog: {
        /** Create Event */
        create_event: {
            /** Project API key: Your project API key */
            project_api_key: string;
            /** Event name: The event name */
            event: string;
            /** Event type */
            event_type: "alias" | "capture" | "screen" | "page";
            /** Distinct Id: User's Distinct Id */
            distinct_id: string;
            /** Properties: The event properties */
            properties?: Record<string, unknown>;
            /** Context: The event context, */
            context?: Record<string, unknown>;
            /** Message ID: The message id, */
            message_id?: string;
            /** Category: The event category. */
            category?: string;
        };
        /** Create Project */
        create_project: {
            /** Name: Project Name */
            name?: string;
            /** Slack Incoming Webhook: Slack incoming webhook */
            slack_incoming_webhook?: string;
            /** Anonymize IPs: Whether to anonymize incoming IP addresses. */
            anonymize_ips?: boolean;
            /** Is demo project: If this is a demo project */
            is_demo?: boolean;
        };
    };
    /** Schedule */
    schedule: Record<string, never>;
    /** SendGrid */
    sendgrid: {
        /** Send Email */
        send_email: {
            /** To: Emails of the recipients, separated by commas (,) */
            to: string;
            /** From (Email): Sender email, must be on your SendGrid */
            from: string;
            /** From (Name): Sender name */
            from_name?: string;
            /** Reply To: Email to receive replies on (defaults to sender) */
            reply_to?: string;
            /** Subject */
            subject: string;
            /** Content Type */
            content_type: unknown;
            /** Content: HTML is only allowed if you selected HTML as type */
            content: string;
        };
    };
    /** Shopify */
    shopify: {
        /** Adjust Inventory Level */
        adjust_inventory_level: {
            /** Inventory Item: The ID of the inventory item. */
            id: number;
            /** Location: The ID of the location. */
            locationId: number;
            /** Adjustment: Positive values increase inventory, negative values decrease it. */
            adjustment: number;
        };
        /** Cancel Order */
        cancel_order: {
            /** Order: The ID of the order. */
            orderId: number;
        };
        /** Close Order */
        close_order: {
            /** Order: The ID of the order. */
            orderId: number;
        };
        /** Create Collect */
        create_collect: {
            /** Product: The ID of the product. */
            id: number;
            /** Collection: The ID of the collection. */
            collectionId: number;
        };
        /** Create Customer */
        create_customer: {
            /** Email */
            email?: string;
            /** Verified Email: Whether the customer has verified their email. */
            verifiedEmail?: boolean;
            /** Send Email Invite */
            sendEmailInvite?: boolean;
            /** First Name */
            firstName?: string;
            /** Last Name */
            lastName?: string;
            /** Phone Number */
            phoneNumber?: string;
            /** Tags: A string of comma-separated tags for filtering and search */
            tags?: string;
            /** Accepts Marketing ? */
            acceptsMarketing?: boolean;
        };
        /** Create Draft Order */
        create_draft_order: {
            /** Product: The ID of the product to create the order with. */
            productId?: number;
            /** Product Variant: The ID of the variant to create the order with. */
            variantId?: number;
            /** Title */
            title?: string;
            /** Quantity */
            quantity?: number;
            /** Price */
            price?: string;
            /** Customer: The ID of the customer to use. */
            customerId?: string;
        };
        /** Create Fulfillment Event */
        create_fulfillment_event: {
            /** Order: The ID of the order. */
            orderId: number;
            /** Fulfillment: The ID of the fulfillment. */
            fulfillmentId: number;
            /** Status */
            status: unknown;
            /** Message */
            message?: string;
        };
        /** Create Order */
        create_order: {
            /** Product: The ID of the product to create the order with. */
            productId?: number;
            /** Product Variant: The ID of the variant to create the order with. */
            variantId?: number;
            /** Title */
            title?: string;
            /** Quantity */
            quantity?: number;
            /** Price */
            price?: string;
            /** Customer: The ID of the customer to use. */
            customerId?: string;
            /** Email */
            email?: string;
            /** Send Receipt */
            sendReceipt?: boolean;
            /** Send Fulfillment Receipt */
            sendFulfillmentReceipt?: boolean;
            /** Tags: A string of comma-separated tags for filtering and search */
            tags?: string;
        };
        /** Create Product */
        create_product: {
            /** Title */
            title: string;
            /** Description: Product description (supports HTML) */
            bodyHtml?: string;
            /** Product Type: A categorization for the product used for filtering and searching products */
            productType?: string;
            /** Product Image: The public URL or the base64 image to use */
            productImage?: FileInput;
            /** Status */
            status?: "active" | "draft" | "archived";
            /** Vendor */
            vendor?: string;
            /** Tags: A string of comma-separated tags for filtering and search */
            tags?: string;
        };
        /** Create Transaction */
        create_transaction: {
            /** Order: The ID of the order to create a transaction for. */
            orderId: number;
            /** Type */
            kind: unknown;
            /** Currency */
            currency?: string;
            /** Amount */
            amount?: string;
            /** Authorization Key */
            authorization?: string;
            /** Parent ID: The ID of an associated transaction. */
            parentId?: number;
            /** Source: An optional origin of the transaction. Set to external to import a cash transaction for the associated order. */
            source?: string;
            /** Test: Whether the transaction is a test transaction. */
            test?: boolean;
        };
        /** Custom API Call */
        custom_api_call: {
            /** Url */
            url: unknown;
            /** Method */
            method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";
            /** Headers: Authorization headers are injected automatically from your connection. */
            headers?: Record<string, unknown>;
            /** Query Parameters: Appended to the URL as ?key=value. */
            queryParams?: Record<string, unknown>;
            /** Body Type */
            body_type?: unknown;
            /** Body */
            body?: unknown;
            /** Response is Binary: Enable for files like PDFs, images, etc. */
            response_is_binary?: boolean;
            /** Return Error as Output: On a failed request, output the error instead of failing the step. */
            failsafe?: boolean;
            /** Timeout: Seconds to wait for a response. Empty: up to the flow limit (10 min). */
            timeout?: number;
            /** Follow redirects: Follow 3xx redirects instead of returning them as the response. */
            followRedirects?: boolean;
        };
        /** Get Asset */
        get_asset: {
            /** Asset Key */
            key: string;
            /** Theme: The ID of the theme. */
            themeId: string;
        };
        /** Get Customer */
        get_customer: {
            /** Customer ID */
            customerId: string;
        };
        /** Get Customer Orders */
        get_customer_orders: {
            /** Customer ID */
            customerId: string;
        };
        /** Get Customers */
        get_customers: Record<string, never>;
        /** Get Fulfillment */
        get_fulfillment: {
            /** Order: The ID of the order. */
            orderId: number;
            /** Fulfillment: The ID of the fulfillment. */
            fulfillmentId: number;
        };
        /** Get Fulfillments */
        get_fulfillments: {
            /** Order: The ID of the order. */
            orderId: number;
        };
        /** Get Locations */
        get_locations: Record<string, never>;
        /** Get Product */
        get_product: {
            /** Product: The ID of the product. */
            id: string;
        };
        /** Get Product Variant */
        get_product_variant: {
            /** Product Variant: The ID of the product variant. */
            id: string;
        };
        /** Get Products */
        get_products: {
            /** Title */
            title?: string;
        };
        /** Get Transaction */
        get_transaction: {
            /** Order: The ID of the order. */
            orderId: number;
            /** Transaction: The ID of the transaction */
            transactionId: number;
        };
        /** Get Order Transactions */
        get_transactions: {
            /** Order: The ID of the order. */
            orderId: number;
        };
        /** Update Customer */
        update_customer: {
            /** Customer ID */
            customerId: string;
            /** Email */
            email?: string;
            /** Verified Email: Whether the customer has verified their email. */
            verifiedEmail?: boolean;
            /** Send Email Invite */
            sendEmailInvite?: boolean;
            /** First Name */
            firstName?: string;
            /** Last Name */
            lastName?: string;
            /** Phone Number */
            phoneNumber?: string;
            /** Tags: A string of comma-separated tags for filtering and search */
            tags?: string;
            /** Accepts Marketing ? */
            acceptsMarketing?: boolean;
        };
        /** Update Order */
        update_order: {
            /** Order: The ID of the order. */
            id: string;
            /** Email */
            email?: string;
            /** Phone Number */
            phoneNumber?: string;
            /** Tags: A string of comma-separated tags for filtering and search */
            tags?: string;
            /** Note */
            note?: string;
        };
        /** Update Product */
        update_product: {
            /** Product: The ID of the product. */
            id: string;
            /** Title */
            title?: string;
            /** Description: Product description (supports HTML) */
            bodyHtml?: string;
            /** Product Type: A categorization for the product used for filtering and searching products */
            productType?: string;
            /** Product Image: The public URL or the base64 image to use */
            productImage?: FileInput;
            /** Status */
            status?: "active" | "draft" | "archived";
            /** Vendor */
            vendor?: string;
            /** Tags: A string of comma-separated tags for filtering and search */
            tags?: string;
        };
        /** Upload Product Image */
        upload_product_image: {
            /** Product: The ID of the product. */
            id: string;
            /** Image: The public URL or the base64 image to use */
            image: FileInput;
            /** Position: 1 makes it the main image. */
            position?: number;
        };
    };
    /** Slack */
    slack: {
        /** Custom API Call */
        custom_api_call: {
            /** Url */
            url: unknown;
            /** Method */
            method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";
            /** Headers: Authorization headers are injected automatically from your connection. */
            headers: Record<string, unknown>;
            /** Query Parameters */
            queryParams: Record<string, unknown>;
            /** Body Type */
            body_type?: "none" | "json" | "form_data" | "raw";
            /** Body */
            body?: unknown;
            /** Response is Binary ?: Enable for files like PDFs, images, etc. */
            response_is_binary?: boolean;
            /** No Error on Failure */
            failsafe?: boolean;
            /** Timeout (in seconds) */
            timeout?: number;
            /** Follow redirects */
            followRedirects?: boolean;
            /** Use user token: Use user token instead of bot token */
            useUserToken?: boolean;
        };
        /** Delete Message */
        "delete-message": {
            /** Markdown: Please make sure add the bot to the channel by following these steps: 1. Type /invite in the channel's chat. 2. Click on Add apps to this channel. 3. Search for and add the bot. **Note**: I… */
            info?: string;
            /** Channel: You can get the Channel ID by right-clicking on the channel and selecting 'View Channel Details.' */
            channel: unknown;
            /** Message Timestamp: Please provide the timestamp of the message you wish to retrieve, such as `1710304378.475129`. Alternatively, you can easily obtain the message link by clicking on the three dots n… */
            ts: string;
        };
        /** Find User by ID */
        "find-user-by-id": {
            /** ID */
            id: string;
        };
        /** Find User by Email */
        find_user_by_email: {
            /** Email */
            email: string;
        };
        /** Find User by Handle */
        find_user_by_handle: {
            /** Handle: User handle (display name), without the leading @ */
            handle: string;
        };
        /** Get File */
        "get-file": {
            /** File ID: You can pass the file ID from the New Message Trigger payload. */
            fileId: string;
        };
        /** Get Message by Timestamp */
        "get-message": {
            /** Markdown: Please make sure add the bot to the channel by following these steps: 1. Type /invite in the channel's chat. 2. Click on Add apps to this channel. 3. Search for and add the bot. **Note**: I… */
            info?: string;
            /** Channel: You can get the Channel ID by right-clicking on the channel and selecting 'View Channel Details.' */
            channel: unknown;
            /** Message Timestamp: Please provide the timestamp of the message you wish to retrieve, such as `1710304378.475129`. Alternatively, you can easily obtain the message link by clicking on the three dots n… */
            ts: string;
        };
        /** Get channel history */
        getChannelHistory: {
            /** Markdown: Please make sure add the bot to the channel by following these steps: 1. Type /invite in the channel's chat. 2. Click on Add apps to this channel. 3. Search for and add the bot. **Note**: I… */
            info?: string;
            /** Channel: You can get the Channel ID by right-clicking on the channel and selecting 'View Channel Details.' */
            channel: unknown;
            /** Oldest: Only messages after this timestamp will be included in results */
            oldest?: number;
            /** Latest: Only messages before this timestamp will be included in results. Default is the current time */
            latest?: number;
            /** Inclusive: Include messages with oldest or latest timestamps in results. Ignored unless either timestamp is specified */
            inclusive?: boolean;
            /** Include all metadata: Return all metadata associated with each message */
            includeAllMetadata?: boolean;
        };
        /** Get User Group by Handle */
        get_group_by_handle: {
            /** Group Handle: Group handle without the leading @ */
            handle: string;
        };
        /** Get User */
        get_user: {
            /** ID */
            id: string;
        };
        /** Invite User to Channel */
        "invite-user-to-channel": {
            /** Markdown: Please make sure add the bot to the channel by following these steps: 1. Type /invite in the channel's chat. 2. Click on Add apps to this channel. 3. Search for and add the bot. **Note**: I… */
            info?: string;
            /** Channel: You can get the Channel ID by right-clicking on the channel and selecting 'View Channel Details.' */
            channel: unknown;
            /** User */
            userId: unknown;
        };
        /** List users */
        listUsers: {
            /** Include bots? */
            includeBots?: boolean;
            /** Include disabled users? */
            includeDisabled?: boolean;
        };
        /** List User Groups */
        list_user_groups: {
            /** Include disabled groups?: Include disabled user groups in the results. */
            includeDisabled?: boolean;
            /** Include members?: Include the list of member user IDs for each user group. */
            includeUsers?: boolean;
        };
        /** List Users */
        list_users: {
            /** Include bots? */
            includeBots?: boolean;
            /** Include disabled users? */
            includeDisabled?: boolean;
        };
        /** Markdown to Slack format */
        markdownToSlackFormat: {
            /** Markdown text */
            markdown: string;
        };
        /** Request Action from A User */
        request_action_direct_message: {
            /** User */
            userId: unknown;
            /** Message */
            text: string;
            /** Action Buttons */
            actions: Array<{
                /** Label */
                label: string;
                /** Style */
                style?: null | "primary" | "danger";
            }>;
            /** Username: The username of the bot */
            username?: string;
            /** Profile Picture: The profile picture of the bot */
            profilePicture?: string;
            /** Mention flow of origin?: If checked, adds a mention at the end of the Slack message to indicate which flow sent the notification, with a link to said flow. */
            mentionOriginFlow?: boolean;
        };
        /** Request Action in A Channel */
        request_action_message: {
            /** Markdown: Please make sure add the bot to the channel by following these steps: 1. Type /invite in the channel's chat. 2. Click on Add apps to this channel. 3. Search for and add the bot. **Note**: I… */
            info?: string;
            /** Channel: You can get the Channel ID by right-clicking on the channel and selecting 'View Channel Details.' */
            channel: unknown;
            /** Message */
            text: string;
            /** Action Buttons */
            actions: Array<{
                /** Label */
                label: string;
                /** Style */
                style?: null | "primary" | "danger";
            }>;
            /** Reply to Thread (Thread Message Link/Timestamp): Provide the ts (timestamp) or link value of the **parent** message to make this message a reply. Do not use the ts value of the reply itself; use its … */
            threadTs?: string;
            /** Username: The username of the bot */
            username?: string;
            /** Profile Picture: The profile picture of the bot */
            profilePicture?: string;
            /** Broadcast reply to channel: When replying to a thread, also make the message visible to everyone in the channel (only applicable when Thread Timestamp is provided) */
            replyBroadcast?: boolean;
            /** Mention flow of origin?: If checked, adds a mention at the end of the Slack message to indicate which flow sent the notification, with a link to said flow. */
            mentionOriginFlow?: boolean;
        };
        /** Request Approval from A User */
        request_approval_direct_message: {
            /** User */
            userId: unknown;
            /** Message */
            text: string;
            /** Username: The username of the bot */
            username?: string;
            /** Profile Picture: The profile picture of the bot */
            profilePicture?: string;
            /** Mention flow of origin?: If checked, adds a mention at the end of the Slack message to indicate which flow sent the notification, with a link to said flow. */
            mentionOriginFlow?: boolean;
        };
        /** Request Approval in a Channel */
        request_approval_message: {
            /** Markdown: Please make sure add the bot to the channel by following these steps: 1. Type /invite in the channel's chat. 2. Click on Add apps to this channel. 3. Search for and add the bot. **Note**: I… */
            info?: string;
            /** Channel: You can get the Channel ID by right-clicking on the channel and selecting 'View Channel Details.' */
            channel: unknown;
            /** Message */
            text: string;
            /** Username: The username of the bot */
            username?: string;
            /** Profile Picture: The profile picture of the bot */
            profilePicture?: string;
            /** Mention flow of origin?: If checked, adds a mention at the end of the Slack message to indicate which flow sent the notification, with a link to said flow. */
            mentionOriginFlow?: boolean;
        };
        /** Retrieve Thread Messages */
        retrieveThreadMessages: {
            /** Channel: You can get the Channel ID by right-clicking on the channel and selecting 'View Channel Details.' */
            channel: unknown;
            /** Thread ts: Provide the ts (timestamp) value of the **parent** message to retrieve replies of this message. Do not use the ts value of the reply itself; use its parent instead. For example `1710304378… */
            threadTs: string;
        };
        /** Search messages */
        searchMessages: {
            /** Search query */
            query: string;
        };
        /** Send Message To A Channel */
        send_channel_message: {
            /** Markdown: Please make sure add the bot to the channel by following these steps: 1. Type /invite in the channel's chat. 2. Click on Add apps to this channel. 3. Search for and add the bot. **Note**: I… */
            info?: string;
            /** Channel: You can get the Channel ID by right-clicking on the channel and selecting 'View Channel Details.' */
            channel: unknown;
            /** Message: The text of your message. When using Block Kit blocks, this is used as a fallback for notifications. */
            text?: string;
            /** Send as a bot? */
            sendAsBot?: boolean;
            /** Reply to Thread (Thread Message Link/Timestamp): Provide the ts (timestamp) or link value of the **parent** message to make this message a reply. Do not use the ts value of the reply itself; use its … */
            threadTs?: string;
            /** Username: The username of the bot */
            username?: string;
            /** Profile Picture: The profile picture of the bot */
            profilePicture?: string;
            /** Icon Emoji: The icon emoji of the bot */
            iconEmoji?: string;
            /** Attachment */
            file?: FileInput;
            /** Broadcast reply to channel: When replying to a thread, also make the message visible to everyone in the channel (only applicable when Thread Timestamp is provided) */
            replyBroadcast?: boolean;
            /** Mention flow of origin?: If checked, adds a mention at the end of the Slack message to indicate which flow sent the notification, with a link to said flow. */
            mentionOriginFlow?: boolean;
            /** Unfurl Links: Enable link unfurling for this message */
            unfurlLinks?: boolean;
            /** Block Kit blocks: See https://api.slack.com/block-kit for specs */
            blocks?: unknown;
        };
        /** Send Message To A User */
        send_direct_message: {
            /** User */
            userId: unknown;
            /** Message */
            text: string;
            /** Username: The username of the bot */
            username?: string;
            /** Profile Picture: The profile picture of the bot */
            profilePicture?: string;
            /** Icon Emoji: The icon emoji of the bot */
            iconEmoji?: string;
            /** Mention flow of origin?: If checked, adds a mention at the end of the Slack message to indicate which flow sent the notification, with a link to said flow. */
            mentionOriginFlow?: boolean;
            /** Block Kit blocks: See https://api.slack.com/block-kit for specs */
            blocks?: unknown;
            /** Unfurl Links: Enable link unfurling for this message */
            unfurlLinks?: boolean;
        };
        /** Set Channel Topic */
        "set-channel-topic": {
            /** Markdown: Please make sure add the bot to the channel by following these steps: 1. Type /invite in the channel's chat. 2. Click on Add apps to this channel. 3. Search for and add the bot. **Note**: I… */
            info?: string;
            /** Channel: You can get the Channel ID by right-clicking on the channel and selecting 'View Channel Details.' */
            channel: unknown;
            /** Topic */
            topic: string;
        };
        /** Set User Status */
        set_user_status: {
            /** Text */
            text: string;
            /** Emoji: Emoji shortname (standard or custom), e.g. :tada: or :train: */
            emoji?: string;
            /** Expires at: Unix timestamp - if not set, the status will not expire */
            expiration?: number;
        };
        /** Add Reaction to Message */
        "slack-add-reaction-to-message": {
            /** Markdown: Please make sure add the bot to the channel by following these steps: 1. Type /invite in the channel's chat. 2. Click on Add apps to this channel. 3. Search for and add the bot. **Note**: I… */
            info?: string;
            /** Channel: You can get the Channel ID by right-clicking on the channel and selecting 'View Channel Details.' */
            channel: unknown;
            /** Message Timestamp: Please provide the timestamp of the message you wish to react, such as `1710304378.475129`. Alternatively, you can easily obtain the message link by clicking on the three dots next… */
            ts: string;
            /** Reaction (emoji) name: e.g.`thumbsup` */
            reaction: string;
            /** React as user?: If enabled, the reaction will be added as the authenticated user instead of the bot. */
            reactAsUser?: boolean;
        };
        /** Create Channel */
        "slack-create-channel": {
            /** Channel Name */
            channelName: string;
            /** Is Private? */
            isPrivate?: boolean;
        };
        /** Find User by Email */
        "slack-find-user-by-email": {
            /** Email */
            email: string;
        };
        /** Find User by Handle */
        "slack-find-user-by-handle": {
            /** Handle: User handle (display name), without the leading @ */
            handle: string;
        };
        /** Set User Status */
        "slack-set-user-status": {
            /** Text */
            text: string;
            /** Emoji: Emoji shortname (standard or custom), e.g. :tada: or :train: */
            emoji?: string;
            /** Expires at: Unix timestamp - if not set, the status will not expire */
            expiration?: number;
        };
        /** Update Profile */
        "slack-update-profile": {
            /** First Name */
            firstName?: string;
            /** Last Name */
            lastName?: string;
            /** Email: Changing a user's email address will send an email to both the old and new addresses, and also post a slackbot message to the user informing them of the change. */
            email?: string;
            /** User: ID of user to change. This argument may only be specified by admins on paid teams.You can use **Find User by Email** action to retrieve ID. */
            userId?: string;
        };
        /** Add Reaction */
        slack_add_reaction: {
            /** Markdown: Please make sure add the bot to the channel by following these steps: 1. Type /invite in the channel's chat. 2. Click on Add apps to this channel. 3. Search for and add the bot. **Note**: I… */
            info?: string;
            /** Channel: You can get the Channel ID by right-clicking on the channel and selecting 'View Channel Details.' */
            channel: unknown;
            /** Message Timestamp: Please provide the timestamp of the message you wish to react, such as `1710304378.475129`. Alternatively, you can easily obtain the message link by clicking on the three dots next… */
            ts: string;
            /** Reaction (emoji) name: e.g.`thumbsup` */
            reaction: string;
            /** React as user?: If enabled, the reaction will be added as the authenticated user instead of the bot. */
            reactAsUser?: boolean;
        };
        /** Archive Channel */
        slack_archive_channel: {
            /** Channel: Channel ID (e.g. 'C0123456789'). Pass a channel ID, or resolve a #name to an ID first with Find Channel. */
            channel: string;
        };
        /** Close Direct Message */
        slack_close_dm: {
            /** Conversation: Direct message conversation ID to close, e.g. 'D0123456789' (IM) or 'G0123456789' (group DM). This is the conversation ID returned when the DM was opened, not a user ID. */
            channel: string;
        };
        /** Create Channel */
        slack_create_channel: {
            /** Channel Name: Name for the new channel, without the leading '#'. Slack lowercases it and replaces spaces with hyphens, e.g. 'project-updates'. Max 80 characters. */
            channelName: string;
            /** Is Private?: Create the channel as private (invite-only) instead of public. */
            isPrivate?: boolean;
        };
        /** Delete Message */
        slack_delete_message: {
            /** Channel: Channel ID containing the message (e.g. C0123ABCD). Resolve a #name with Find Channel. */
            channel: string;
            /** Message Timestamp: Timestamp (ts) of the message to delete, e.g. 1710304378.475129. Obtain it from Post Message / Search Messages / Get Channel History. */
            ts: string;
        };
        /** Delete Scheduled Message */
        slack_delete_scheduled_message: {
            /** Channel: Channel ID the message was scheduled to (e.g. C0123ABCD). */
            channel: string;
            /** Scheduled Message ID: The scheduled_message_id from Schedule Message or List Scheduled Messages (e.g. Q1234ABCD). */
            scheduledMessageId: string;
        };
        /** Find Channel */
        slack_find_channel: {
            /** Channel Name: The channel name to find, with or without the leading '#', e.g. 'general'. Matched case-insensitively after Slack's normalization (lowercase, spaces to hyphens). */
            name: string;
            /** Exclude Archived: Skip archived channels when searching. */
            excludeArchived?: boolean;
        };
        /** Get Channel History */
        slack_get_channel_history: {
            /** Channel: Channel ID to read (e.g. C0123ABCD). Resolve a #name with Find Channel. */
            channel: string;
            /** Oldest: Only messages after this Unix timestamp are included. */
            oldest?: number;
            /** Latest: Only messages before this Unix timestamp are included. Defaults to now. */
            latest?: number;
            /** Inclusive: Include messages with the oldest/latest timestamps. Ignored unless a timestamp is set. */
            inclusive?: boolean;
        };
        /** Get Channel Info */
        slack_get_channel_info: {
            /** Channel: Channel ID (e.g. 'C0123456789'). Pass a channel ID, or resolve a #name to an ID first with Find Channel. */
            channel: string;
            /** Include Member Count: Include the number of members in the channel in the result. */
            includeNumMembers?: boolean;
        };
        /** Get File */
        slack_get_file: {
            /** File ID: You can pass the file ID from the New Message Trigger payload. */
            fileId: string;
        };
        /** Get Message Permalink */
        slack_get_message_permalink: {
            /** Channel: Channel ID containing the message (e.g. C0123ABCD). Resolve a #name with Find Channel. */
            channel: string;
            /** Message Timestamp: Timestamp (ts) of the message, e.g. 1710304378.475129. Obtain it from Post Message / Search Messages / Get Channel History. */
            messageTs: string;
        };
        /** Get Reactions */
        slack_get_reactions: {
            /** Channel ID: Channel ID of the message (e.g. C0123ABCD). Required when targeting a message; leave empty when targeting a file. */
            channel?: string;
            /** Message Timestamp: Timestamp of the message, e.g. 1710304378.475129. Required (with Channel ID) when targeting a message. */
            ts?: string;
            /** File ID: File ID to get reactions for (e.g. F0123ABCD). Provide this instead of Channel ID + Timestamp when targeting a file. */
            file?: string;
            /** Full reaction list?: If enabled, returns the complete list of reactions (not truncated). */
            full?: boolean;
        };
        /** Get Thread Replies */
        slack_get_thread_replies: {
            /** Channel: Channel ID containing the thread (e.g. C0123ABCD). Resolve a #name with Find Channel. */
            channel: string;
            /** Thread Timestamp: Timestamp (ts) of the parent message, e.g. 1710304378.475129. Use the parent ts, not a reply ts. */
            threadTs: string;
        };
        /** Invite Users to Channel */
        slack_invite_users_to_channel: {
            /** Channel: Channel ID (e.g. 'C0123456789'). Pass a channel ID, or resolve a #name to an ID first with Find Channel. */
            channel: string;
            /** User IDs: Slack user IDs to invite, e.g. 'U0123456789'. Resolve handles/emails to IDs first with Find User by Handle / Find User by Email. Up to 1000 users per call. */
            userIds: unknown[];
        };
        /** Join Channel */
        slack_join_channel: {
            /** Channel: Channel ID (e.g. 'C0123456789'). Pass a channel ID, or resolve a #name to an ID first with Find Channel. */
            channel: string;
        };
        /** Leave Channel */
        slack_leave_channel: {
            /** Channel: Channel ID (e.g. 'C0123456789'). Pass a channel ID, or resolve a #name to an ID first with Find Channel. */
            channel: string;
        };
        /** List Channel Members */
        slack_list_channel_members: {
            /** Channel: Channel ID (e.g. 'C0123456789'). Pass a channel ID, or resolve a #name to an ID first with Find Channel. */
            channel: string;
        };
        /** List Channels */
        slack_list_channels: {
            /** Types: Comma-separated conversation types to include. One or more of 'public_channel', 'private_channel', 'mpim', 'im'. Defaults to public and private channels. */
            types?: string;
            /** Exclude Archived: Omit archived channels from the results. */
            excludeArchived?: boolean;
        };
        /** List Custom Emoji */
        slack_list_custom_emoji: Record<string, never>;
        /** List Files */
        slack_list_files: {
            /** Channel ID: Only return files shared in this channel (e.g. C0123ABCD). Pass a channel ID, or resolve a #name first with Find Channel. Leave empty for all channels. */
            channel?: string;
            /** User ID: Only return files uploaded by this user ID (e.g. U0123ABCD). Leave empty for all users. */
            user?: string;
            /** File Types: Comma-separated file types to filter by. One or more of: 'all', 'spaces', 'snippets', 'images', 'gdocs', 'zips', 'pdfs'. Defaults to 'all'. */
            types?: string;
            /** Created After (timestamp): Only return files created at or after this Unix timestamp (e.g. 1710304378). */
            ts_from?: string;
            /** Created Before (timestamp): Only return files created at or before this Unix timestamp (e.g. 1710304378). */
            ts_to?: string;
            /** Limit: Maximum number of files to return per page (1-1000). Defaults to 100. */
            limit?: number;
        };
        /** List Scheduled Messages */
        slack_list_scheduled_messages: {
            /** Channel: Optional channel ID to filter by (e.g. C0123ABCD). Leave blank for all channels. */
            channel?: string;
            /** Oldest: Only scheduled messages after this Unix timestamp. */
            oldest?: number;
            /** Latest: Only scheduled messages before this Unix timestamp. */
            latest?: number;
        };
        /** List User Conversations */
        slack_list_user_conversations: {
            /** User ID: Slack user ID to list conversations for, e.g. 'U0123456789'. Leave blank to use the authenticated user. Resolve a handle/email to an ID first with Find User by Handle / Find User by Email. */
            user?: string;
            /** Types: Comma-separated conversation types to include. One or more of 'public_channel', 'private_channel', 'mpim', 'im'. Defaults to public and private channels. */
            types?: string;
            /** Exclude Archived: Omit archived channels from the results. */
            excludeArchived?: boolean;
        };
        /** List User Reactions */
        slack_list_user_reactions: {
            /** User ID: Show reactions made by this user ID (e.g. U0123ABCD). Leave empty to use the authenticated user. */
            user?: string;
            /** Limit: Maximum number of items to return per page (1-1000). Defaults to 100. */
            limit?: number;
        };
        /** Mark Conversation Read */
        slack_mark_conversation_read: {
            /** Channel: Channel ID to mark read (e.g. C0123ABCD). Resolve a #name with Find Channel. */
            channel: string;
            /** Timestamp: Mark the channel read up to this message ts, e.g. 1710304378.475129. */
            ts: string;
        };
        /** Post Message */
        slack_post_message: {
            /** Channel: Channel ID to post to (e.g. C0123ABCD). Resolve a #name to an ID first with Find Channel. */
            channel: string;
            /** Message: The text of the message. When using blocks, this is used as fallback text for notifications. */
            text?: string;
            /** Thread Timestamp: Timestamp (ts) of a parent message to reply within its thread, e.g. 1710304378.475129. Use the parent ts, not a reply ts. */
            threadTs?: string;
            /** Broadcast Reply to Channel: When replying in a thread, also make the reply visible to everyone in the channel. */
            replyBroadcast?: boolean;
            /** Send as User: Post as the authenticated user instead of the bot (requires a user token). */
            sendAsUser?: boolean;
            /** Unfurl Links: Enable link unfurling for this message. */
            unfurlLinks?: boolean;
            /** Block Kit Blocks: Optional Block Kit blocks array. See https://api.slack.com/block-kit */
            blocks?: unknown;
        };
        /** Remove Reaction */
        slack_remove_reaction: {
            /** Reaction (emoji) name: The emoji name without colons, e.g. thumbsup. */
            reaction: string;
            /** Channel ID: Channel ID of the message to remove the reaction from (e.g. C0123ABCD). Required when targeting a message; leave empty when targeting a file. */
            channel?: string;
            /** Message Timestamp: Timestamp of the message to remove the reaction from, e.g. 1710304378.475129. Required (with Channel ID) when targeting a message. */
            ts?: string;
            /** File ID: File ID to remove the reaction from (e.g. F0123ABCD). Provide this instead of Channel ID + Timestamp when targeting a file. */
            file?: string;
            /** React as user?: If enabled, the reaction is removed as the authenticated user instead of the bot. */
            reactAsUser?: boolean;
        };
        /** Remove User from Channel */
        slack_remove_user_from_channel: {
            /** Channel: Channel ID (e.g. 'C0123456789'). Pass a channel ID, or resolve a #name to an ID first with Find Channel. */
            channel: string;
            /** User ID: Slack user ID to remove, e.g. 'U0123456789'. Resolve a handle/email to an ID first with Find User by Handle / Find User by Email. */
            user: string;
        };
        /** Rename Channel */
        slack_rename_channel: {
            /** Channel: Channel ID (e.g. 'C0123456789'). Pass a channel ID, or resolve a #name to an ID first with Find Channel. */
            channel: string;
            /** New Name: New name for the channel, without the leading '#'. Slack lowercases it and replaces spaces with hyphens, e.g. 'project-updates'. Max 80 characters. */
            name: string;
        };
        /** Schedule Message */
        slack_schedule_message: {
            /** Channel: Channel ID to post to (e.g. C0123ABCD). Resolve a #name with Find Channel. */
            channel: string;
            /** Post At (Unix Seconds): Unix epoch timestamp in seconds for when to send, e.g. 1893456000. Must be in the future and within 120 days. */
            postAt: number;
            /** Message: The text of the message. When using blocks, this is used as fallback text for notifications. */
            text?: string;
            /** Thread Timestamp: Optional parent message ts to schedule this as a threaded reply, e.g. 1710304378.475129. */
            threadTs?: string;
            /** Block Kit Blocks: Optional Block Kit blocks array. See https://api.slack.com/block-kit */
            blocks?: unknown;
        };
        /** Search All */
        slack_search_all: {
            /** Search Query: Search query, supporting Slack search operators (e.g. "in:#general budget"). */
            query: string;
        };
        /** Search Messages */
        slack_search_messages: {
            /** Search Query: Search query, supporting Slack search operators (e.g. "in:#general from:@jane budget"). */
            query: string;
        };
        /** Send Direct Message */
        slack_send_direct_message: {
            /** User ID: The Slack user ID to DM (e.g. U0123ABCD). Resolve a handle/email to an ID first with Find User by Handle / Find User by Email. */
            userId: string;
            /** Message: The text of the direct message. */
            text: string;
            /** Unfurl Links: Enable link unfurling for this message. */
            unfurlLinks?: boolean;
            /** Block Kit Blocks: Optional Block Kit blocks array. See https://api.slack.com/block-kit */
            blocks?: unknown;
        };
        /** Send Ephemeral Message */
        slack_send_ephemeral_message: {
            /** Channel: Channel ID where the ephemeral message appears (e.g. C0123ABCD). Resolve a #name with Find Channel. */
            channel: string;
            /** User ID: The user ID who will see the message (e.g. U0123ABCD). Must be a member of the channel. */
            user: string;
            /** Message: The text of the message. When using blocks, this is used as fallback text for notifications. */
            text?: string;
            /** Block Kit Blocks: Optional Block Kit blocks array. See https://api.slack.com/block-kit */
            blocks?: unknown;
        };
        /** Set Channel Purpose */
        slack_set_channel_purpose: {
            /** Channel: Channel ID (e.g. 'C0123456789'). Pass a channel ID, or resolve a #name to an ID first with Find Channel. */
            channel: string;
            /** Purpose: The new purpose text. Pass an empty string to clear the purpose. */
            purpose: string;
        };
        /** Set Channel Topic */
        slack_set_channel_topic: {
            /** Channel: Channel ID (e.g. 'C0123456789'). Pass a channel ID, or resolve a #name to an ID first with Find Channel. */
            channel: string;
            /** Topic: The new topic text. Pass an empty string to clear the topic. */
            topic: string;
        };
        /** Unarchive Channel */
        slack_unarchive_channel: {
            /** Channel: Channel ID (e.g. 'C0123456789'). Pass a channel ID, or resolve a #name to an ID first with Find Channel. */
            channel: string;
        };
        /** Update Message */
        slack_update_message: {
            /** Channel: Channel ID containing the message (e.g. C0123ABCD). Resolve a #name with Find Channel. */
            channel: string;
            /** Message Timestamp: Timestamp (ts) of the message to update, e.g. 1710304378.475129. Obtain it from Post Message / Search Messages / Get Channel History. */
            ts: string;
            /** Message: The new text of the message. */
            text: string;
            /** Block Kit Blocks: Optional Block Kit blocks array to replace the message blocks. See https://api.slack.com/block-kit */
            blocks?: unknown;
        };
        /** Update message */
        updateMessage: {
            /** Markdown: Please make sure add the bot to the channel by following these steps: 1. Type /invite in the channel's chat. 2. Click on Add apps to this channel. 3. Search for and add the bot. **Note**: I… */
            info?: string;
            /** Channel: You can get the Channel ID by right-clicking on the channel and selecting 'View Channel Details.' */
            channel: unknown;
            /** Message Timestamp: Please provide the timestamp of the message you wish to update, such as `1710304378.475129`. Alternatively, you can easily obtain the message link by clicking on the three dots nex… */
            ts: string;
            /** Message: The updated text of your message */
            text: string;
            /** Mention flow of origin?: If checked, adds a mention at the end of the Slack message to indicate which flow sent the notification, with a link to said flow. */
            mentionOriginFlow?: boolean;
            /** Block Kit blocks: See https://api.slack.com/block-kit for specs */
            blocks?: unknown;
        };
        /** Update User Group Members */
        update_group_users: {
            /** Group Handle: Group handle without the leading @ */
            handle: string;
            /** User IDs: The list of Slack User IDs to update this group with. Leave empty to clear the group (if not appending). */
            userIds?: unknown[];
            /** Append to existing members?: If checked, these users will be added to the current group. If unchecked, the current group members will be completely replaced by these users. */
            appendUsers?: boolean;
        };
        /** Update Profile */
        update_profile: {
            /** First Name */
            firstName?: string;
            /** Last Name */
            lastName?: string;
            /** Email: Changing a user's email address will send an email to both the old and new addresses, and also post a slackbot message to the user informing them of the change. */
            email?: string;
            /** User: ID of user to change. This argument may only be specified by admins on paid teams.You can use **Find User by Email** action to retrieve ID. */
            userId?: string;
        };
        /** Upload file */
        uploadFile: {
            /** Attachment */
            file: FileInput;
            /** Title */
            title?: string;
            /** Filename */
            filename?: string;
            /** Channel: You can get the Channel ID by right-clicking on the channel and selecting 'View Channel Details.' */
            channel?: unknown;
        };
    };
    /** Square */
    square: Record<string, never>;
    /** Storage */
    storage: {
        /** Delete a file */
        delete_file: {
            /** Path: e.g. reports/2024/summary.txt */
            path: string;
        };
        /** Get a download link */
        get_download_url: {
            /** Path: e.g. reports/2024/summary.txt */
            path: string;
            /** Expires in (seconds) */
            expiresInSeconds?: number;
        };
        /** List files */
        list_files: {
            /** Prefix */
            prefix?: string;
        };
        /** Read a file */
        read_file: {
            /** Path: e.g. reports/2024/summary.txt */
            path: string;
            /** Output encoding */
            outputEncoding?: "utf8" | "base64";
        };
        /** Write a file */
        write_file: {
            /** Path: e.g. reports/2024/summary.txt */
            path: string;
            /** Content */
            content: string;
            /** Content type */
            contentType?: string;
            /** Content encoding */
            contentEncoding?: "utf8" | "base64";
        };
    };
    /** Stripe */
    stripe: Record<string, never>;
    /** SurveyMonkey */
    surveymonkey: {
        /** Custom API Call */
        custom_api_call: {
            /** Url */
            url: unknown;
            /** Method */
            method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";
            /** Headers: Authorization headers are injected automatically from your connection. */
            headers?: Record<string, unknown>;
            /** Query Parameters: Appended to the URL as ?key=value. */
            queryParams?: Record<string, unknown>;
            /** Body Type */
            body_type?: unknown;
            /** Body */
            body?: unknown;
            /** Response is Binary: Enable for files like PDFs, images, etc. */
            response_is_binary?: boolean;
            /** Return Error as Output: On a failed request, output the error instead of failing the step. */
            failsafe?: boolean;
            /** Timeout: Seconds to wait for a response. Empty: up to the flow limit (10 min). */
            timeout?: number;
            /** Follow redirects: Follow 3xx redirects instead of returning them as the response. */
            followRedirects?: boolean;
        };
    };
    /** Telegram bot */
    "telegram-bot": {
        /** Send Text Message */
        send_text_message: {
            /** Chat Id: To send a message to a specific chat, you will need to provide either the unique identifier for the chat or the username of a public chat (formatted as @channelusername). If you want to send… */
            chat_id: string;
            /** Message: The message to be sent */
            message?: string;
        };
    };
    /** Tidycal */
    tidycal: Record<string, never>;
    /** Todoist */
    todoist: {
        /** Create Task */
        create_task: {
            /** Project: Task project ID. If not set, task is put to user's Inbox. */
            project_id?: unknown;
            /** content: The task's content. It may contain some markdown-formatted text and hyperlinks */
            content: string;
            /** Description: A description for the task. This value may contain some markdown-formatted text and hyperlinks. */
            description?: string;
            /** Labels: The task's labels (a list of names that may represent either personal or shared labels) */
            labels?: unknown[];
            /** Priority: Task priority from 1 (normal) to 4 (urgent) */
            priority?: number;
            /** Due date: Specific date in YYYY-MM-DD format relative to user's timezone */
            due_date?: string;
        };
    };
    /** Total CMS */
    totalcms: {
        /** Custom API Call */
        custom_api_call: {
            /** Url */
            url: unknown;
            /** Method */
            method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";
            /** Headers: Authorization headers are injected automatically from your connection. */
            headers?: Record<string, unknown>;
            /** Query Parameters: Appended to the URL as ?key=value. */
            queryParams?: Record<string, unknown>;
            /** Body Type */
            body_type?: unknown;
            /** Body */
            body?: unknown;
            /** Response is Binary: Enable for files like PDFs, images, etc. */
            response_is_binary?: boolean;
            /** Return Error as Output: On a failed request, output the error instead of failing the step. */
            failsafe?: boolean;
            /** Timeout: Seconds to wait for a response. Empty: up to the flow limit (10 min). */
            timeout?: number;
            /** Follow redirects: Follow 3xx redirects instead of returning them as the response. */
            followRedirects?: boolean;
        };
        /** Get Blog Post */
        get_blog_post: {
            /** CMS ID: The CMS ID of the content to retrieve */
            slug: string;
            /** Permalink: The permalink of the post to retrieve */
            permalink: string;
        };
        /** Get Content */
        get_content: {
            /** Data Type: The type of data to return */
            type: "blog" | "datastore" | "date" | "depot" | "feed" | "file" | "gallery" | "image" | "ratings" | "text" | "toggle" | "video";
            /** CMS ID: The CMS ID of the content to retrieve */
            slug: string;
        };
        /** Save Blog Post Gallery Image */
        save_blog_gallery: {
            /** CMS ID: The CMS ID of the blog to save */
            slug: string;
            /** Permalink: The permalink of the blog post to save */
            permalink: string;
            /** Image: The image to save */
            image: FileInput;
            /** Alt Text: The alt text for the image */
            alt: string;
            /** Thumbnail Quality: The quality of the thumbnail */
            quality?: number;
            /** Thumbnail Scale: The scale of the thumbnail */
            scaleTh?: number;
            /** Thumbnail Square Scale: The scale of the square thumbnail */
            scaleSq?: number;
            /** Thumbnail Resize Method: The method to use when resizing the thumbnail */
            resize?: "auto" | "landscape" | "portrait";
            /** Thumbnail Landscape Crop: The method to use when cropping the landscape thumbnail for the square thumbnail */
            lcrop?: "left" | "center" | "right";
            /** Thumbnail Landscape Crop: The method to use when cropping the landscape thumbnail for the square thumbnail */
            pcrop?: "top" | "middle" | "bottom";
            /** Pull Alt Text from Meta Data: Pull the alt text from the meta data of the image. If set, place placeholder text in the alt text field above. */
            altMeta: boolean;
        };
        /** Save Blog Post Image */
        save_blog_image: {
            /** CMS ID: The CMS ID of the content to save */
            slug: string;
            /** Permalink: The permalink of the blog post to save */
            permalink: string;
            /** Image: The image to save */
            image: FileInput;
            /** Alt Text: The alt text for the image */
            alt: string;
            /** Thumbnail Quality: The quality of the thumbnail */
            quality?: number;
            /** Thumbnail Scale: The scale of the thumbnail */
            scaleTh?: number;
            /** Thumbnail Square Scale: The scale of the square thumbnail */
            scaleSq?: number;
            /** Thumbnail Resize Method: The method to use when resizing the thumbnail */
            resize?: "auto" | "landscape" | "portrait";
            /** Thumbnail Landscape Crop: The method to use when cropping the landscape thumbnail for the square thumbnail */
            lcrop?: "left" | "center" | "right";
            /** Thumbnail Landscape Crop: The method to use when cropping the landscape thumbnail for the square thumbnail */
            pcrop?: "top" | "middle" | "bottom";
            /** Pull Alt Text from Meta Data: Pull the alt text from the meta data of the image. If set, place placeholder text in the alt text field above. */
            altMeta: boolean;
        };
        /** Save Blog Post */
        save_blog_post: {
            /** CMS ID: The CMS ID of the content to save */
            slug: string;
            /** Permalink: The permalink of the blog post. Ensure this is unique or it will overwrite the existing post. */
            permalink: string;
            /** Title: The title of the blog post */
            title?: string;
            /** Date (Unix Timestamp): The date in unix timestamp format */
            timestamp?: number;
            /** Summary: The summary of the blog post */
            summary?: string;
            /** Content: The content of the blog post */
            content?: string;
            /** Extra Content: The extra content of the blog post */
            extra?: string;
            /** Extra Content 2: The extra content 2 of the blog post */
            extra2?: string;
            /** Media: The media of the blog post */
            media?: string;
            /** RSS Title: The RSS title of the blog post */
            rssTitle?: string;
            /** RSS Description: The RSS description of the blog post */
            rssDescription?: string;
            /** Author: The author of the blog post */
            author?: string;
            /** Genre: The genre of the blog post */
            genre?: string;
            /** Categories: A comma separated list of categories for the blog post */
            categories?: string;
            /** Tags: A comma separated list of tags for the blog post */
            tags?: string;
            /** Labels: A comma separated list of labels for the blog post */
            labels?: string;
            /** Draft: Set to true to save as a draft */
            draft?: boolean;
            /** Featured: Set to true to save as a featured post */
            featured?: boolean;
            /** Archived: Set to true to save as an archived post */
            archived?: boolean;
        };
        /** Save Date Content */
        save_date: {
            /** CMS ID: The CMS ID of the content to save */
            slug: string;
            /** Unix Timestamp: The unix timestamp to save */
            timestamp: number;
        };
        /** Save Depot */
        save_depot: {
            /** CMS ID: The CMS ID of the depot to save */
            slug: string;
            /** File: The file to save */
            file: FileInput;
        };
        /** Save File */
        save_file: {
            /** CMS ID: The CMS ID of the file to save */
            slug: string;
            /** File Extension: The file extension of the file */
            ext: string;
            /** File: The file to save */
            file: FileInput;
        };
        /** Save Gallery Image */
        save_gallery: {
            /** CMS ID: The CMS ID of the gallery to save */
            slug: string;
            /** Image: The image to save */
            image: FileInput;
            /** Alt Text: The alt text for the image */
            alt: string;
            /** Thumbnail Quality: The quality of the thumbnail */
            quality?: number;
            /** Thumbnail Scale: The scale of the thumbnail */
            scaleTh?: number;
            /** Thumbnail Square Scale: The scale of the square thumbnail */
            scaleSq?: number;
            /** Thumbnail Resize Method: The method to use when resizing the thumbnail */
            resize?: "auto" | "landscape" | "portrait";
            /** Thumbnail Landscape Crop: The method to use when cropping the landscape thumbnail for the square thumbnail */
            lcrop?: "left" | "center" | "right";
            /** Thumbnail Landscape Crop: The method to use when cropping the landscape thumbnail for the square thumbnail */
            pcrop?: "top" | "middle" | "bottom";
            /** Pull Alt Text from Meta Data: Pull the alt text from the meta data of the image. If set, place placeholder text in the alt text field above. */
            altMeta: boolean;
        };
        /** Save Image */
        save_image: {
            /** CMS ID: The CMS ID of the content to save */
            slug: string;
            /** Image: The image to save */
            image: FileInput;
            /** Alt Text: The alt text for the image */
            alt: string;
            /** Extension: The extension of the image */
            ext?: "jpg" | "png";
            /** Thumbnail Quality: The quality of the thumbnail */
            quality?: number;
            /** Thumbnail Scale: The scale of the thumbnail */
            scaleTh?: number;
            /** Thumbnail Square Scale: The scale of the square thumbnail */
            scaleSq?: number;
            /** Thumbnail Resize Method: The method to use when resizing the thumbnail */
            resize?: "auto" | "landscape" | "portrait";
            /** Thumbnail Landscape Crop: The method to use when cropping the landscape thumbnail for the square thumbnail */
            lcrop?: "left" | "center" | "right";
            /** Thumbnail Landscape Crop: The method to use when cropping the landscape thumbnail for the square thumbnail */
            pcrop?: "top" | "middle" | "bottom";
            /** Pull Alt Text from Meta Data: Pull the alt text from the meta data of the image. If set, place placeholder text in the alt text field above. */
            altMeta: boolean;
        };
        /** Save Text Content */
        save_text: {
            /** CMS ID: The CMS ID of the content to save */
            slug: string;
            /** Text Content: The text content to save */
            text: string;
        };
        /** Save Toggle */
        save_toggle: {
            /** CMS ID: The CMS ID of the content to save */
            slug: string;
            /** Status: The status of the toggle. "true" is on, "false" is off. */
            status: boolean;
        };
        /** Save Video Content */
        save_video: {
            /** CMS ID: The CMS ID of the content to save */
            slug: string;
            /** Video URL: The URL of the video to save */
            video: string;
        };
    };
    /** Trello */
    trello: {
        /** Create Card */
        create_card: {
            /** Boards: List of boards */
            board_id: unknown;
            /** Lists: Get lists from a board */
            list_id: unknown;
            /** Task Name: The name of the card to create */
            name: string;
            /** Task Description: The description of the card to create */
            description?: string;
        };
        /** Get Card */
        get_card: {
            /** Card ID: The card ID */
            cardId: string;
        };
    };
    /** Twilio */
    twilio: {
        /** Send SMS */
        send_sms: {
            /** From: The phone number to send the message from */
            from: unknown;
            /** Message Body: The body of the message to send */
            body: string;
            /** To: The phone number to send the message to */
            to: string;
        };
    };
    /** TypeForm */
    typeform: Record<string, never>;
    /** Webflow */
    webflow: {
        /** Create Collection Item */
        create_collection_item: {
            /** Site */
            site_id: unknown;
            /** Collection */
            collection_id: unknown;
            /** Collection Fields */
            collection_fields: unknown;
            /** Is Archived: Whether the item is archived or not */
            is_archived?: boolean;
            /** Is Draft: Whether the item is a draft or not */
            is_draft?: boolean;
        };
        /** Custom API Call */
        custom_api_call: {
            /** Url */
            url: unknown;
            /** Method */
            method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";
            /** Headers: Authorization headers are injected automatically from your connection. */
            headers?: Record<string, unknown>;
            /** Query Parameters: Appended to the URL as ?key=value. */
            queryParams?: Record<string, unknown>;
            /** Body Type */
            body_type?: unknown;
            /** Body */
            body?: unknown;
            /** Response is Binary: Enable for files like PDFs, images, etc. */
            response_is_binary?: boolean;
            /** Return Error as Output: On a failed request, output the error instead of failing the step. */
            failsafe?: boolean;
            /** Timeout: Seconds to wait for a response. Empty: up to the flow limit (10 min). */
            timeout?: number;
            /** Follow redirects: Follow 3xx redirects instead of returning them as the response. */
            followRedirects?: boolean;
        };
        /** Delete an item in a collection */
        delete_collection_item: {
            /** Site */
            site_id: unknown;
            /** Collection */
            collection_id: unknown;
            /** Collection Item */
            collection_item_id: unknown;
        };
        /** Find a Collection Item by Field */
        find_collection_item: {
            /** Site */
            site_id: unknown;
            /** Collection */
            collection_id: unknown;
            /** Field Name: The name of the field to search by */
            field_name: string;
            /** Field Value: The value of the field to search for */
            field_value: string;
            /** Max Results: The maximum number of results to return */
            max_results?: number;
        };
        /** Find an order */
        find_order: {
            /** Site */
            site_id: unknown;
            /** Order */
            order_id: unknown;
        };
        /** Fulfill an order */
        fulfill_order: {
            /** Site */
            site_id: unknown;
            /** Order */
            order_id: unknown;
            /** Send Order Fulfilled Email: Send an email to the customer that their order has been fulfilled */
            send_order_fulfilled_email?: boolean;
        };
        /** Get a Collection Item by ID */
        get_collection_item: {
            /** Site */
            site_id: unknown;
            /** Collection */
            collection_id: unknown;
            /** Collection Item */
            collection_item_id: unknown;
        };
        /** List Collections */
        list_collections: {
            /** Site */
            site_id: unknown;
        };
        /** List Sites */
        list_sites: Record<string, never>;
        /** Publish a Collection Item */
        publish_collection_item: {
            /** Site */
            site_id: unknown;
            /** Collection */
            collection_id: unknown;
            /** Collection Item */
            collection_item_id: unknown;
        };
        /** Refund an order */
        refund_order: {
            /** Site */
            site_id: unknown;
            /** Order */
            order_id: unknown;
        };
        /** Unfulfill an order */
        unfulfill_order: {
            /** Site */
            site_id: unknown;
            /** Order */
            order_id: unknown;
        };
        /** Update an item in a collection */
        update_collection_item: {
            /** Site */
            site_id: unknown;
            /** Collection */
            collection_id: unknown;
            /** Collection Item */
            collection_item_id: unknown;
            /** Collection Fields */
            collection_fields: unknown;
            /** Is Archived: Whether the item is archived or not */
            is_archived?: boolean;
            /** Is Draft: Whether the item is a draft or not */
            is_draft?: boolean;
        };
    };
    /** Webhook */
    webhook: {
        /** Return Response */
        return_response: {
            /** Response Type */
            responseType?: "json" | "raw" | "redirect";
            /** Response */
            fields: unknown;
            /** Flow Execution */
            respond?: "stop" | "respond";
        };
        /** Respond and Wait for Next Webhook */
        return_response_and_wait_for_next_webhook: {
            /** Markdown: **Respond and Wait for Next Webhook**<br> Check the response header (x-activepieces-resume-webhook-url) for the next webhook URL and call it to resume the flow. <br> */
            markdown?: string;
            /** Response Type */
            responseType?: "json" | "raw" | "redirect";
            /** Response */
            fields: unknown;
        };
    };
    /** WooCommerce */
    woocommerce: {
        /** Add Order Note */
        "Add Order Note": {
            /** Order ID: Enter the order ID */
            id: string;
            /** Note: Content of the note */
            note: string;
            /** Visible To Customer: Email the note to the customer and show it on the order page */
            customer_note?: boolean;
        };
        /** Create Coupon */
        "Create Coupon": {
            /** Coupon code: Enter the coupon code */
            code: string;
            /** Discount type: Select the discount type */
            discount_type: "fixed_cart" | "fixed_product" | "percent" | "percent_product";
            /** Amount: Enter the amount */
            amount: number;
            /** Minimum amount: Enter the minimum amount */
            minimum_amount: number;
        };
        /** Create Customer */
        "Create Customer": {
            /** Email: Enter the email */
            email: string;
            /** First name: Enter the first name */
            first_name: string;
            /** Last name: Enter the last name */
            last_name: string;
            /** Username: Enter the username */
            username: string;
            /** Password: Enter the password */
            password: string;
            /** Address: Enter the street address */
            street_address: string;
            /** City: Enter the city */
            city: string;
            /** State: Enter the state */
            state: string;
            /** Postcode: Enter the postcode */
            postcode: string;
            /** Country: Enter the country */
            country: string;
            /** Phone: Enter the phone */
            phone: string;
        };
        /** Create Order */
        "Create Order": {
            /** Line Items: Products to include in the order */
            line_items: Array<{
                /** Product ID */
                product_id: string;
                /** Quantity */
                quantity?: number;
            }>;
            /** Customer ID: Leave empty for a guest order */
            customer_id?: string;
            /** Status: Status the order is created with */
            status?: "pending" | "processing" | "on-hold" | "completed";
            /** Billing Email: Email address for the order */
            billing_email?: string;
            /** Payment Method ID: Payment gateway id the order is associated with, e.g. bacs, cheque or cod */
            payment_method?: string;
            /** Payment Method Title: Human-readable payment method, e.g. Direct bank transfer */
            payment_method_title?: string;
        };
        /** Create Product */
        "Create Product": {
            /** Name: Enter the name */
            name: string;
            /** Type: Select the type */
            type: "simple" | "grouped" | "external" | "variable";
            /** Regular price: Enter the regular price */
            regular_price: number;
            /** Description: Enter the description */
            description: string;
            /** Short description: Enter the short description */
            short_description: string;
            /** Categories: Enter the category IDs (comma separated) */
            categories: string;
            /** Images: Enter the URLs of images you want to upload (comma separated) */
            images: string;
        };
        /** Find Coupon */
        "Find Coupon": {
            /** Coupon ID: Enter the coupon ID */
            id: string;
        };
        /** Find Customer */
        "Find Customer": {
            /** Email: Enter the email */
            email: string;
        };
        /** Find Orders */
        "Find Orders": {
            /** Status: Only return orders with this status */
            status?: "any" | "pending" | "processing" | "on-hold" | "completed" | "cancelled" | "refunded" | "failed" | "trash";
            /** Customer ID: Only return orders belonging to this customer ID */
            customer?: string;
            /** Created After: Only return orders created after this date */
            after?: string | number;
            /** Limit: Maximum number of orders to return (1-100, default 10) */
            per_page?: number;
        };
        /** Find Product */
        "Find Product": {
            /** Product ID: Enter the product ID */
            id: string;
        };
        /** Get Customer */
        "Get Customer": {
            /** Customer ID: Enter the customer ID */
            id: string;
        };
        /** Get Order */
        "Get Order": {
            /** Order ID: Enter the order ID */
            id: string;
        };
        /** Update Coupon */
        "Update Coupon": {
            /** Coupon ID: Enter the coupon ID */
            id: string;
            /** Amount */
            amount?: number;
            /** Discount Type */
            discount_type?: "percent" | "fixed_cart" | "fixed_product";
            /** Description */
            description?: string;
            /** Expires At: Date the coupon stops working */
            date_expires?: string | number;
            /** Usage Limit */
            usage_limit?: number;
            /** Minimum Spend */
            minimum_amount?: number;
        };
        /** Update Customer */
        "Update Customer": {
            /** Customer ID: Enter the customer ID */
            id: string;
            /** Email */
            email?: string;
            /** First Name */
            first_name?: string;
            /** Last Name */
            last_name?: string;
            /** Billing Phone */
            phone?: string;
            /** Billing City */
            city?: string;
            /** Billing Postcode */
            postcode?: string;
            /** Billing Country: Two-letter country code, e.g. GB */
            country?: string;
        };
        /** Update Order */
        "Update Order": {
            /** Order ID: Enter the order ID */
            id: string;
            /** Status: New status for the order */
            status?: "pending" | "processing" | "on-hold" | "completed" | "cancelled" | "refunded" | "failed";
            /** Customer Note: Note shown to the customer */
            customer_note?: string;
            /** Transaction ID: Payment transaction reference */
            transaction_id?: string;
        };
        /** Update Product */
        "Update Product": {
            /** Product ID: Enter the product ID */
            id: string;
            /** Name */
            name?: string;
            /** Regular Price */
            regular_price?: number;
            /** Sale Price */
            sale_price?: number;
            /** Stock Quantity: Setting this also enables stock management */
            stock_quantity?: number;
            /** Status */
            status?: "publish" | "draft" | "pending" | "private";
            /** Description */
            description?: string;
        };
        /** Add Order Note */
        add_order_note: {
            /** Order ID: Enter the order ID */
            id: string;
            /** Note: Content of the note */
            note: string;
            /** Visible To Customer: Email the note to the customer and show it on the order page */
            customer_note?: boolean;
        };
        /** Batch Update Products */
        batch_update_products: {
            /** Updates: One entry per product, 1 to 100 entries. Each needs the product id and at least one field to change. */
            updates: Array<{
                /** Product ID */
                id: number;
                /** Regular Price: Decimal string, e.g. 19.99. */
                regular_price?: string;
                /** Sale Price: Decimal string, e.g. 14.99. */
                sale_price?: string;
                /** Stock Quantity: Units in stock. Turns on stock management for that product. */
                stock_quantity?: number;
                /** Status */
                status?: "publish" | "draft" | "pending" | "private";
            }>;
        };
        /** Create Coupon */
        create_coupon: {
            /** Code: Coupon code customers enter at checkout. Must be unique. */
            code: string;
            /** Discount Type: Percentage off the cart, a fixed amount off the cart, or a fixed amount off each product. */
            discount_type: "percent" | "fixed_cart" | "fixed_product";
            /** Amount: Discount amount as a decimal string: a percentage for percentage coupons, otherwise money, e.g. 10. */
            amount: string;
            /** Description: Internal description of the coupon. */
            description?: string;
            /** Expiry Date: The coupon stops working after this date. */
            date_expires?: string | number;
            /** Minimum Spend: Minimum cart subtotal needed to use the coupon, e.g. 50.00. */
            minimum_amount?: string;
            /** Maximum Spend: Maximum cart subtotal allowed when using the coupon. */
            maximum_amount?: string;
            /** Individual Use Only: Yes stops this coupon from being combined with other coupons. Leave empty for the store default (No). */
            individual_use?: "yes" | "no";
            /** Exclude Sale Items: Yes stops the coupon from applying to items already on sale. Leave empty for the store default (No). */
            exclude_sale_items?: "yes" | "no";
            /** Free Shipping: Yes lets the coupon unlock free shipping, if a free-shipping method is set up. Leave empty for the store default (No). */
            free_shipping?: "yes" | "no";
            /** Usage Limit: How many times the coupon can be used in total. */
            usage_limit?: number;
            /** Usage Limit Per Customer: How many times each customer can use the coupon. */
            usage_limit_per_user?: number;
            /** Product IDs: Ids of the only products the coupon applies to. */
            product_ids?: unknown[];
            /** Excluded Product IDs: Ids of products the coupon never applies to. */
            excluded_product_ids?: unknown[];
            /** Allowed Emails: Only customers with these billing emails can use the coupon. */
            email_restrictions?: unknown[];
        };
        /** Create Customer */
        create_customer: {
            /** Email: Email address of the customer. Must not already be registered. */
            email: string;
            /** First Name */
            first_name?: string;
            /** Last Name */
            last_name?: string;
            /** Username: Login name. Generated from the email when empty and the store allows it. */
            username?: string;
            /** Password: Account password. Generated when empty and the store allows it. */
            password?: string;
            /** Billing Company */
            billing_company?: string;
            /** Billing Address Line 1 */
            billing_address_1?: string;
            /** Billing Address Line 2 */
            billing_address_2?: string;
            /** Billing City */
            billing_city?: string;
            /** Billing State: State or county code, e.g. CA. */
            billing_state?: string;
            /** Billing Postcode */
            billing_postcode?: string;
            /** Billing Country: Two-letter ISO country code, e.g. US. */
            billing_country?: string;
            /** Billing Phone */
            billing_phone?: string;
            /** Shipping Company */
            shipping_company?: string;
            /** Shipping Address Line 1 */
            shipping_address_1?: string;
            /** Shipping Address Line 2 */
            shipping_address_2?: string;
            /** Shipping City */
            shipping_city?: string;
            /** Shipping State: State or county code, e.g. CA. */
            shipping_state?: string;
            /** Shipping Postcode */
            shipping_postcode?: string;
            /** Shipping Country: Two-letter ISO country code, e.g. US. */
            shipping_country?: string;
        };
        /** Create Order */
        create_order: {
            /** Line Items: Products to include in the order */
            line_items: Array<{
                /** Product ID */
                product_id: string;
                /** Quantity */
                quantity?: number;
            }>;
            /** Customer ID: Leave empty for a guest order */
            customer_id?: string;
            /** Status: Status the order is created with */
            status?: "pending" | "processing" | "on-hold" | "completed";
            /** Billing Email: Email address for the order */
            billing_email?: string;
            /** Payment Method ID: Payment gateway id the order is associated with, e.g. bacs, cheque or cod */
            payment_method?: string;
            /** Payment Method Title: Human-readable payment method, e.g. Direct bank transfer */
            payment_method_title?: string;
        };
        /** Create Order Refund */
        create_order_refund: {
            /** Order ID: Id of the order to refund. */
            order_id: number;
            /** Amount: Amount to refund as a decimal string, e.g. 10.00. Cannot exceed what is left to refund on the order. */
            amount: string;
            /** Reason: Reason for the refund, stored with the refund. */
            reason?: string;
            /** Refund Via Gateway: When on, the money is actually sent back to the customer through the payment gateway. When off (the default) the refund is only recorded in WooCommerce. */
            refund_via_gateway?: boolean;
        };
        /** Create Product */
        create_product: {
            /** Name: Product name. */
            name: string;
            /** Product Type: Defaults to simple. */
            type?: "simple" | "variable" | "grouped" | "external";
            /** Status: Defaults to published, which makes the product visible in the shop. */
            status?: "publish" | "draft" | "pending" | "private";
            /** Regular Price: Price as a decimal string, e.g. 19.99. */
            regular_price?: string;
            /** Sale Price: Discounted price as a decimal string. Must be lower than the regular price. */
            sale_price?: string;
            /** SKU: Stock keeping unit. Must be unique in the store. */
            sku?: string;
            /** Description: Full product description. HTML is allowed. */
            description?: string;
            /** Short Description: Short summary shown near the price. HTML is allowed. */
            short_description?: string;
            /** Category IDs: Ids of the categories to put the product in. Find them with list_product_categories. */
            category_ids?: unknown[];
            /** Tag IDs: Ids of the tags to attach. Find them with list_product_tags. */
            tag_ids?: unknown[];
            /** Image URLs: Public image URLs. The first one becomes the main image. The store downloads each one, so an unreachable URL fails the call. */
            image_urls?: unknown[];
            /** Stock Quantity: Units in stock. Setting it turns on stock management for the product. */
            stock_quantity?: number;
            /** Stock Status: Stock status. Ignored when a stock quantity is set, because the quantity decides it. */
            stock_status?: "instock" | "outofstock" | "onbackorder";
        };
        /** Create Product Category */
        create_product_category: {
            /** Name: Category name. */
            name: string;
            /** Parent Category ID: Id of the parent category. Leave empty for a top-level category. */
            parent_id?: number;
            /** Slug: URL-friendly name. Generated from the name when empty. */
            slug?: string;
            /** Description: Category description. HTML is allowed. */
            description?: string;
        };
        /** Create Product Tag */
        create_product_tag: {
            /** Name: Tag name. */
            name: string;
            /** Slug: URL-friendly name. Generated from the name when empty. */
            slug?: string;
            /** Description: Tag description. */
            description?: string;
        };
        /** Custom API Call */
        custom_api_call: {
            /** Url */
            url: unknown;
            /** Method */
            method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";
            /** Headers: Authorization headers are injected automatically from your connection. */
            headers?: Record<string, unknown>;
            /** Query Parameters: Appended to the URL as ?key=value. */
            queryParams?: Record<string, unknown>;
            /** Body Type */
            body_type?: unknown;
            /** Body */
            body?: unknown;
            /** Response is Binary: Enable for files like PDFs, images, etc. */
            response_is_binary?: boolean;
            /** Return Error as Output: On a failed request, output the error instead of failing the step. */
            failsafe?: boolean;
            /** Timeout: Seconds to wait for a response. Empty: up to the flow limit (10 min). */
            timeout?: number;
            /** Follow redirects: Follow 3xx redirects instead of returning them as the response. */
            followRedirects?: boolean;
        };
        /** Delete Coupon */
        delete_coupon: {
            /** Coupon ID: Id of the coupon to delete. */
            coupon_id: number;
            /** Delete Permanently: When off (the default) the coupon is moved to the trash and can be restored from the WordPress admin. When on it is deleted for good. */
            permanent?: boolean;
        };
        /** Delete Customer */
        delete_customer: {
            /** Customer ID: Id of the customer to delete. Find it with list_customers. */
            customer_id: number;
            /** Reassign To User ID: Optional id of another user who takes over the posts owned by the deleted customer. Must differ from the customer id. */
            reassign_to_user_id?: number;
        };
        /** Delete Order */
        delete_order: {
            /** Order ID: Id of the order to delete. Find it with list_orders. */
            order_id: number;
            /** Delete Permanently: When off (the default) the order is moved to the trash and can be restored from the WordPress admin. When on it is deleted for good. */
            permanent?: boolean;
        };
        /** Delete Order Note */
        delete_order_note: {
            /** Order ID: Id of the order the note belongs to. */
            order_id: number;
            /** Note ID: Id of the note to delete. */
            note_id: number;
        };
        /** Delete Product */
        delete_product: {
            /** Product ID: Id of the product to delete. Find it with list_products. */
            product_id: number;
            /** Delete Permanently: When off (the default) the product is moved to the trash and can be restored from the WordPress admin. When on it is deleted for good. */
            permanent?: boolean;
        };
        /** Get Coupon */
        get_coupon: {
            /** Coupon ID: Enter the coupon ID */
            id: string;
        };
        /** Get Customer */
        get_customer: {
            /** Customer ID: Enter the customer ID */
            id: string;
        };
        /** Get Order */
        get_order: {
            /** Order ID: Enter the order ID */
            id: string;
        };
        /** Get Order Totals Report */
        get_order_totals_report: Record<string, never>;
        /** Get Product */
        get_product: {
            /** Product ID: Enter the product ID */
            id: string;
        };
        /** Get Product Variation */
        get_product_variation: {
            /** Product ID: Id of the parent variable product. */
            product_id: number;
            /** Variation ID: Id of the variation. */
            variation_id: number;
        };
        /** Get Sales Report */
        get_sales_report: {
            /** Period: Preset period to report on. Leave empty when using a date range; if both are empty the current week is used. */
            period?: "week" | "month" | "last_month" | "year";
            /** Start Date: First day of a custom range, as YYYY-MM-DD. Use together with End Date instead of Period. */
            date_min?: string;
            /** End Date: Last day of a custom range, as YYYY-MM-DD. Use together with Start Date instead of Period. */
            date_max?: string;
        };
        /** Get Top Sellers Report */
        get_top_sellers_report: {
            /** Period: Preset period to report on. Leave empty when using a date range; if both are empty the current week is used. */
            period?: "week" | "month" | "last_month" | "year";
            /** Start Date: First day of a custom range, as YYYY-MM-DD. Use together with End Date instead of Period. */
            date_min?: string;
            /** End Date: Last day of a custom range, as YYYY-MM-DD. Use together with Start Date instead of Period. */
            date_max?: string;
        };
        /** List Coupons */
        list_coupons: {
            /** Code: Exact coupon code to find. */
            code?: string;
            /** Search: Text to match against coupon codes and descriptions. */
            search?: string;
            /** Created After: Only return coupons created after this date and time (ISO 8601). */
            after?: string | number;
            /** Created Before: Only return coupons created before this date and time (ISO 8601). */
            before?: string | number;
            /** Page: Page number, starting at 1. If a page comes back with exactly per_page items, request the next page to see more. */
            page?: number;
            /** Per Page: Number of items per page, from 1 to 100. Defaults to 10. */
            per_page?: number;
        };
        /** List Customers */
        list_customers: {
            /** Email: Exact email address to match. */
            email?: string;
            /** Search: Text to match against names, usernames and emails. */
            search?: string;
            /** Role: WordPress role to return. Defaults to all roles. */
            role?: "all" | "customer" | "subscriber" | "shop_manager" | "administrator";
            /** Sort By: Field to sort by. Defaults to name. */
            orderby?: "name" | "id" | "registered_date";
            /** Sort Direction: Ascending or descending. Defaults to ascending. */
            order?: "asc" | "desc";
            /** Page: Page number, starting at 1. If a page comes back with exactly per_page items, request the next page to see more. */
            page?: number;
            /** Per Page: Number of items per page, from 1 to 100. Defaults to 10. */
            per_page?: number;
        };
        /** List Order Notes */
        list_order_notes: {
            /** Order ID: Id of the order. */
            order_id: number;
            /** Note Type: Which notes to return. Defaults to all. */
            type?: "any" | "customer" | "internal";
        };
        /** List Order Refunds */
        list_order_refunds: {
            /** Order ID: Id of the order. */
            order_id: number;
            /** Page: Page number, starting at 1. If a page comes back with exactly per_page items, request the next page to see more. */
            page?: number;
            /** Per Page: Number of items per page, from 1 to 100. Defaults to 10. */
            per_page?: number;
        };
        /** List Orders */
        list_orders: {
            /** Status: Only return orders with this status. Leave empty for any status except trash. */
            status?: "pending" | "processing" | "on-hold" | "completed" | "cancelled" | "refunded" | "failed" | "trash";
            /** Customer ID: Only return orders placed by this customer. Find the id with list_customers. */
            customer_id?: number;
            /** Product ID: Only return orders that contain this product. */
            product_id?: number;
            /** Search: Text to match against order fields such as the billing name or email. */
            search?: string;
            /** Created After: Only return orders created after this date and time (ISO 8601). */
            after?: string | number;
            /** Created Before: Only return orders created before this date and time (ISO 8601). */
            before?: string | number;
            /** Sort By: Field to sort by. Defaults to date. */
            orderby?: "date" | "id" | "title" | "slug";
            /** Sort Direction: Ascending or descending. Defaults to descending. */
            order?: "desc" | "asc";
            /** Page: Page number, starting at 1. If a page comes back with exactly per_page items, request the next page to see more. */
            page?: number;
            /** Per Page: Number of items per page, from 1 to 100. Defaults to 10. */
            per_page?: number;
        };
        /** List Payment Gateways */
        list_payment_gateways: Record<string, never>;
        /** List Product Categories */
        list_product_categories: {
            /** Search: Text to match against category names. */
            search?: string;
            /** Slug: Exact category slug. */
            slug?: string;
            /** Parent Category ID: Only return direct children of this category. Use 0 for top-level categories. */
            parent_id?: number;
            /** Hide Empty: When on, categories without products are left out. */
            hide_empty?: boolean;
            /** Page: Page number, starting at 1. If a page comes back with exactly per_page items, request the next page to see more. */
            page?: number;
            /** Per Page: Number of items per page, from 1 to 100. Defaults to 10. */
            per_page?: number;
        };
        /** List Product Reviews */
        list_product_reviews: {
            /** Product ID: Only return reviews of this product. */
            product_id?: number;
            /** Status: Moderation status to return. Defaults to all. */
            status?: "all" | "approved" | "hold" | "spam" | "trash";
            /** Reviewer Email: Only return reviews written with this email address. */
            reviewer_email?: string;
            /** Search: Text to match against the review content. */
            search?: string;
            /** Page: Page number, starting at 1. If a page comes back with exactly per_page items, request the next page to see more. */
            page?: number;
            /** Per Page: Number of items per page, from 1 to 100. Defaults to 10. */
            per_page?: number;
        };
        /** List Product Tags */
        list_product_tags: {
            /** Search: Text to match against tag names. */
            search?: string;
            /** Slug: Exact tag slug. */
            slug?: string;
            /** Hide Empty: When on, tags without products are left out. */
            hide_empty?: boolean;
            /** Page: Page number, starting at 1. If a page comes back with exactly per_page items, request the next page to see more. */
            page?: number;
            /** Per Page: Number of items per page, from 1 to 100. Defaults to 10. */
            per_page?: number;
        };
        /** List Product Variations */
        list_product_variations: {
            /** Product ID: Id of the variable product. Find it with list_products. */
            product_id: number;
            /** SKU: Only return the variation with this SKU. */
            sku?: string;
            /** Stock Status: Only return variations with this stock status. */
            stock_status?: "instock" | "outofstock" | "onbackorder";
            /** Page: Page number, starting at 1. If a page comes back with exactly per_page items, request the next page to see more. */
            page?: number;
            /** Per Page: Number of items per page, from 1 to 100. Defaults to 10. */
            per_page?: number;
        };
        /** List Products */
        list_products: {
            /** Search: Text to match against product names and content. */
            search?: string;
            /** SKU: Exact SKU to match. Separate several SKUs with commas. */
            sku?: string;
            /** Status: Only return products with this status. Leave empty for any status. */
            status?: "publish" | "draft" | "pending" | "private";
            /** Product Type: Only return products of this type. */
            type?: "simple" | "variable" | "grouped" | "external";
            /** Category ID: Only return products in this category. Find ids with list_product_categories. */
            category_id?: number;
            /** Tag ID: Only return products with this tag. Find ids with list_product_tags. */
            tag_id?: number;
            /** Stock Status: Only return products with this stock status. */
            stock_status?: "instock" | "outofstock" | "onbackorder";
            /** On Sale: Yes returns only products on sale, No only products not on sale. Leave empty for both. */
            on_sale?: "yes" | "no";
            /** Minimum Price: Only return products priced at or above this amount, e.g. 10.00. */
            min_price?: string;
            /** Maximum Price: Only return products priced at or below this amount, e.g. 99.99. */
            max_price?: string;
            /** Sort By: Field to sort by. Defaults to date. */
            orderby?: "date" | "id" | "title" | "slug" | "price" | "popularity" | "rating";
            /** Sort Direction: Ascending or descending. Defaults to descending. */
            order?: "desc" | "asc";
            /** Page: Page number, starting at 1. If a page comes back with exactly per_page items, request the next page to see more. */
            page?: number;
            /** Per Page: Number of items per page, from 1 to 100. Defaults to 10. */
            per_page?: number;
        };
        /** Update Coupon */
        update_coupon: {
            /** Coupon ID: Enter the coupon ID */
            id: string;
            /** Amount */
            amount?: number;
            /** Discount Type */
            discount_type?: "percent" | "fixed_cart" | "fixed_product";
            /** Description */
            description?: string;
            /** Expires At: Date the coupon stops working */
            date_expires?: string | number;
            /** Usage Limit */
            usage_limit?: number;
            /** Minimum Spend */
            minimum_amount?: number;
        };
        /** Update Customer */
        update_customer: {
            /** Customer ID: Enter the customer ID */
            id: string;
            /** Email */
            email?: string;
            /** First Name */
            first_name?: string;
            /** Last Name */
            last_name?: string;
            /** Billing Phone */
            phone?: string;
            /** Billing City */
            city?: string;
            /** Billing Postcode */
            postcode?: string;
            /** Billing Country: Two-letter country code, e.g. GB */
            country?: string;
        };
        /** Update Order */
        update_order: {
            /** Order ID: Enter the order ID */
            id: string;
            /** Status: New status for the order */
            status?: "pending" | "processing" | "on-hold" | "completed" | "cancelled" | "refunded" | "failed";
            /** Customer Note: Note shown to the customer */
            customer_note?: string;
            /** Transaction ID: Payment transaction reference */
            transaction_id?: string;
        };
        /** Update Product */
        update_product: {
            /** Product ID: Id of the product to update. Find it with list_products. */
            product_id: number;
            /** Name: New product name. */
            name?: string;
            /** SKU: New SKU. Must be unique in the store. */
            sku?: string;
            /** Status: New status. */
            status?: "publish" | "draft" | "pending" | "private";
            /** Regular Price: New regular price as a decimal string, e.g. 19.99. */
            regular_price?: string;
            /** Sale Price: New sale price as a decimal string. To remove a sale use End Sale instead. */
            sale_price?: string;
            /** End Sale: When on, clears the sale price so the product sells at its regular price again. */
            end_sale?: boolean;
            /** Stock Quantity: New number of units in stock. Setting it turns on stock management. */
            stock_quantity?: number;
            /** Stock Status: New stock status. Ignored when a stock quantity is set. */
            stock_status?: "instock" | "outofstock" | "onbackorder";
            /** Featured: Yes marks the product as featured, No removes the mark. Leave empty to keep it. */
            featured?: "yes" | "no";
            /** Catalog Visibility: Where the product is shown. */
            catalog_visibility?: "visible" | "catalog" | "search" | "hidden";
            /** Description: New full description. HTML is allowed. */
            description?: string;
            /** Short Description: New short description. HTML is allowed. */
            short_description?: string;
            /** Category IDs: Replaces all of the product categories with these ids. Include the ones to keep. */
            category_ids?: unknown[];
            /** Tag IDs: Replaces all of the product tags with these ids. Include the ones to keep. */
            tag_ids?: unknown[];
        };
        /** Moderate Product Review */
        update_product_review: {
            /** Review ID: Id of the review. */
            review_id: number;
            /** Status: New moderation status. */
            status: "approved" | "hold" | "spam" | "unspam" | "trash" | "untrash";
        };
        /** Update Product Variation */
        update_product_variation: {
            /** Product ID: Id of the parent variable product. */
            product_id: number;
            /** Variation ID: Id of the variation to update. */
            variation_id: number;
            /** Regular Price: New regular price as a decimal string, e.g. 19.99. */
            regular_price?: string;
            /** Sale Price: New sale price as a decimal string. To remove a sale use End Sale instead. */
            sale_price?: string;
            /** End Sale: When on, clears the sale price so the variation sells at its regular price again. */
            end_sale?: boolean;
            /** SKU: New SKU. Must be unique in the store. */
            sku?: string;
            /** Status: New status. Private hides the variation from customers. */
            status?: "publish" | "draft" | "pending" | "private";
            /** Stock Quantity: New number of units in stock. Setting it turns on stock management for this variation. */
            stock_quantity?: number;
            /** Stock Status: New stock status. Ignored when a stock quantity is set. */
            stock_status?: "instock" | "outofstock" | "onbackorder";
            /** Description: New variation description. */
            description?: string;
        };
    };
    /** WordPress */
    wordpress: {
        /** Create Blog Post */
        create_blog_post: {
            /** Title: The post title. */
            title: string;
            /** Content: The post body as HTML. */
            content: string;
            /** Status: Leave empty to save the post as a draft. "Scheduled (future)" needs a Publish Date. */
            status?: "publish" | "draft" | "pending" | "private" | "future";
            /** Publish Date: Publish date in the site's timezone, ISO 8601 (e.g. 2030-01-31T09:00:00). A past date with status "future" publishes immediately. */
            date?: string;
            /** Slug: URL slug. */
            slug?: string;
            /** Featured Media ID: ID of an uploaded image to use as the featured image. Get it from upload_media or list_media. */
            featured_media?: number;
            /** Author ID: User ID of the author. Get it from list_users or get_current_user. Leave empty for the connected user. */
            author?: number;
            /** Comments: Whether visitors can comment. */
            comment_status?: "open" | "closed";
            /** Pingbacks: Whether the post accepts pingbacks and trackbacks. */
            ping_status?: "open" | "closed";
            /** Excerpt: Short summary of the post. */
            excerpt?: string;
            /** Category IDs: Category IDs from list_categories or create_category. */
            categories?: unknown[];
            /** Tag IDs: Tag IDs from list_tags or create_tag. */
            tags?: unknown[];
            /** Sticky: Whether the post is pinned to the top of the blog. */
            sticky?: "true" | "false";
            /** Format: Post format. Only formats the active theme supports are accepted. */
            format?: "standard" | "aside" | "chat" | "gallery" | "link" | "image" | "quote" | "status" | "video" | "audio";
            /** Custom ACF Fields: Advanced Custom Fields values as field name and value pairs; field names come from the ACF plugin menu. Only the fields you supply are written. Requires the site to expose ACF over… */
            acf?: Record<string, unknown>;
        };
        /** Create Category */
        create_category: {
            /** Name: Category name. */
            name: string;
            /** Description: Category description, used only when a new category is created. */
            description?: string;
            /** Slug: URL slug. Leave empty to generate it from the name. Fails if another category already uses it. */
            slug?: string;
            /** Parent Category ID: ID of the parent category, from list_categories. Leave empty for a top-level category. */
            parent?: number;
        };
        /** Create Comment */
        create_comment: {
            /** Post ID: ID of a published post or page with comments open, from list_posts or list_pages. */
            post: number;
            /** Comment: Comment text. Basic HTML is allowed. */
            content: string;
            /** Reply To Comment ID: ID of the comment to reply to, from list_comments. Leave empty for a top-level comment. */
            parent?: number;
        };
        /** Create Page */
        create_page: {
            /** Title */
            title: string;
            /** Content: Body of the page. HTML is allowed. */
            content: string;
            /** Status: Publish now, schedule it, or save as a draft. */
            status?: "publish" | "future" | "draft" | "pending" | "private";
            /** Publish Date: Publish date and time in the site's timezone. */
            date?: string;
            /** Slug: Last part of the URL. */
            slug?: string;
            /** Excerpt: Short summary shown in listings. HTML is allowed. */
            excerpt?: string;
            /** Allow Comments: On lets readers comment. Off leaves the setting as is. */
            comment_status?: boolean;
            /** Allow Pingbacks: On accepts pingbacks and trackbacks. Off leaves it as is. */
            ping_status?: boolean;
        };
        /** Create Post */
        create_post: {
            /** Title */
            title: string;
            /** Content: Body of the post. HTML is allowed. */
            content: string;
            /** Status: Publish now, schedule it, or save as a draft. */
            status?: "publish" | "future" | "draft" | "pending" | "private" | "trash";
            /** Publish Date: Publish date and time in the site's timezone. */
            date?: string;
            /** Categories: Pick existing categories. Create new ones in WordPress. */
            categories?: unknown;
            /** Tags: Pick existing tags. Create new ones in WordPress. */
            tags?: unknown;
            /** Featured Image: Pick an image already in your media library. */
            featured_media?: unknown;
            /** Featured Image File: Upload an image or paste its URL. Overrides Featured Image. */
            featured_media_file?: FileInput;
            /** Excerpt: Short summary shown in listings. HTML is allowed. */
            excerpt?: string;
            /** Slug: Last part of the URL. */
            slug?: string;
            /** ACF Fields: Field names and values for the Advanced Custom Fields plugin. */
            acfFields?: Record<string, unknown>;
            /** Allow Comments: On lets readers comment. Off leaves the setting as is. */
            comment_status?: boolean;
            /** Allow Pingbacks: On accepts pingbacks and trackbacks. Off leaves it as is. */
            ping_status?: boolean;
        };
        /** Create Site Page */
        create_site_page: {
            /** Title: The page title. */
            title: string;
            /** Content: The page body as HTML. */
            content: string;
            /** Status: Leave empty to save the page as a draft. "Scheduled (future)" needs a Publish Date. */
            status?: "publish" | "draft" | "pending" | "private" | "future";
            /** Publish Date: Publish date in the site's timezone, ISO 8601 (e.g. 2030-01-31T09:00:00). A past date with status "future" publishes immediately. */
            date?: string;
            /** Slug: URL slug. */
            slug?: string;
            /** Featured Media ID: ID of an uploaded image to use as the featured image. Get it from upload_media or list_media. */
            featured_media?: number;
            /** Author ID: User ID of the author. Get it from list_users or get_current_user. Leave empty for the connected user. */
            author?: number;
            /** Comments: Whether visitors can comment. */
            comment_status?: "open" | "closed";
            /** Pingbacks: Whether the page accepts pingbacks and trackbacks. */
            ping_status?: "open" | "closed";
            /** Excerpt: Short summary of the page. Takes effect only when the theme or site supports page excerpts; WordPress silently ignores it otherwise. */
            excerpt?: string;
            /** Parent Page ID: ID of the parent page, from list_pages. */
            parent?: number;
            /** Menu Order: Position of the page among its siblings. */
            menu_order?: number;
        };
        /** Create Tag */
        create_tag: {
            /** Name: Tag name. */
            name: string;
            /** Description: Tag description, used only when a new tag is created. */
            description?: string;
            /** Slug: URL slug. Leave empty to generate it from the name. Fails if another tag already uses it. */
            slug?: string;
        };
        /** Custom API Call */
        custom_api_call: {
            /** Url */
            url: unknown;
            /** Method */
            method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";
            /** Headers: Authorization headers are injected automatically from your connection. */
            headers?: Record<string, unknown>;
            /** Query Parameters: Appended to the URL as ?key=value. */
            queryParams?: Record<string, unknown>;
            /** Body Type */
            body_type?: unknown;
            /** Body */
            body?: unknown;
            /** Response is Binary: Enable for files like PDFs, images, etc. */
            response_is_binary?: boolean;
            /** Return Error as Output: On a failed request, output the error instead of failing the step. */
            failsafe?: boolean;
            /** Timeout: Seconds to wait for a response. Empty: up to the flow limit (10 min). */
            timeout?: number;
            /** Follow redirects: Follow 3xx redirects instead of returning them as the response. */
            followRedirects?: boolean;
        };
        /** Delete Category */
        delete_category: {
            /** Category ID: ID of the category to delete, from list_categories. */
            category_id: number;
        };
        /** Delete Comment Permanently */
        delete_comment: {
            /** Comment ID: ID of the comment to delete, from list_comments. */
            comment_id: number;
        };
        /** Delete Media */
        delete_media: {
            /** Media ID: ID of the media item to delete, from list_media. */
            media_id: number;
        };
        /** Delete Post Permanently */
        delete_post_permanently: {
            /** Post ID: ID of the post to delete, from list_posts. */
            post_id: number;
        };
        /** Delete Tag */
        delete_tag: {
            /** Tag ID: ID of the tag to delete, from list_tags. */
            tag_id: number;
        };
        /** Get Current User */
        get_current_user: Record<string, never>;
        /** Get Media */
        get_media: {
            /** Media ID: ID of the media item, from list_media or upload_media. */
            media_id: number;
        };
        /** Get Page */
        get_page: {
            /** Page ID: ID of the page, from list_pages or search_site_content. */
            page_id: number;
        };
        /** Get Post Details */
        get_post: {
            /** Post ID: Number after post= in the post's edit URL. */
            id: number;
        };
        /** Get Post by ID */
        get_post_by_id: {
            /** Post ID: ID of the post, from list_posts or search_site_content. */
            post_id: number;
        };
        /** Get Site Settings */
        get_site_settings: Record<string, never>;
        /** List Categories */
        list_categories: {
            /** Search: Only categories whose name or slug contain this text. */
            search?: string;
            /** Slug: Only the category with this exact slug. */
            slug?: string;
            /** Parent Category ID: Only direct children of this category ID. Use 0 for top-level categories. */
            parent?: number;
            /** Post ID: Only categories assigned to this post ID (from list_posts). */
            post?: number;
            /** Hide Empty: Whether to leave out categories with no published posts. Defaults to No. */
            hide_empty?: "true" | "false";
            /** Results Per Page: How many results to return, from 1 to 100. Defaults to 10. */
            per_page?: number;
            /** Page: Page of results to return, starting at 1. The output reports total_pages. */
            page?: number;
        };
        /** List Comments */
        list_comments: {
            /** Post ID: Only comments on this post or page ID (from list_posts or list_pages). */
            post?: number;
            /** Status: Moderation status to list. Defaults to approved. Other statuses need a moderator (Editor or Administrator) connection. */
            status?: "approve" | "hold" | "spam" | "trash";
            /** Search: Only comments containing this text. */
            search?: string;
            /** Author User ID: Only comments written by this registered user ID (from list_users). */
            author?: number;
            /** Parent Comment ID: Only replies to this comment ID. Use 0 for top-level comments. */
            parent?: number;
            /** Order: Sort direction by date. Defaults to newest first. */
            order?: "desc" | "asc";
            /** Results Per Page: How many results to return, from 1 to 100. Defaults to 10. */
            per_page?: number;
            /** Page: Page of results to return, starting at 1. The output reports total_pages. */
            page?: number;
        };
        /** List Media */
        list_media: {
            /** Search: Only files whose title, caption or file name contain this text. */
            search?: string;
            /** Media Type: Only files of this general type. */
            media_type?: "image" | "video" | "audio" | "text" | "application";
            /** MIME Type: Only files with this exact MIME type, e.g. image/png. */
            mime_type?: string;
            /** Attached Post ID: Only files attached to this post or page ID. Use 0 for unattached files. */
            parent?: number;
            /** Results Per Page: How many results to return, from 1 to 100. Defaults to 10. */
            per_page?: number;
            /** Page: Page of results to return, starting at 1. The output reports total_pages. */
            page?: number;
        };
        /** List Pages */
        list_pages: {
            /** Search: Only pages whose title or content contain this text. */
            search?: string;
            /** Status: Page statuses to include. Defaults to published only. "Any" includes every status except trash. */
            status?: Array<"publish" | "draft" | "pending" | "private" | "future" | "trash" | "any">;
            /** Parent Page ID: Only direct children of this page ID. Use 0 for top-level pages. */
            parent?: number;
            /** Order By: Sort field. Defaults to date. "Relevance" needs Search. */
            orderby?: "date" | "modified" | "title" | "id" | "slug" | "menu_order" | "relevance";
            /** Order: Sort direction. Defaults to descending. */
            order?: "desc" | "asc";
            /** Results Per Page: How many results to return, from 1 to 100. Defaults to 10. */
            per_page?: number;
            /** Page: Page of results to return, starting at 1. The output reports total_pages. */
            page?: number;
        };
        /** List Posts */
        list_posts: {
            /** Search: Only posts whose title, content or excerpt contain this text. */
            search?: string;
            /** Status: Post statuses to include. Defaults to published only. "Any" includes every status except trash. */
            status?: Array<"publish" | "draft" | "pending" | "private" | "future" | "trash" | "any">;
            /** Category IDs: Only posts in any of these category IDs (from list_categories). */
            categories?: unknown[];
            /** Tag IDs: Only posts with any of these tag IDs (from list_tags). */
            tags?: unknown[];
            /** Author ID: Only posts by this user ID (from list_users). */
            author?: number;
            /** Published After: Only posts published after this ISO 8601 date, e.g. 2026-01-31T00:00:00. */
            after?: string;
            /** Published Before: Only posts published before this ISO 8601 date. */
            before?: string;
            /** Order By: Sort field. Defaults to date. "Relevance" needs Search. */
            orderby?: "date" | "modified" | "title" | "id" | "slug" | "relevance";
            /** Order: Sort direction. Defaults to descending. */
            order?: "desc" | "asc";
            /** Results Per Page: How many results to return, from 1 to 100. Defaults to 10. */
            per_page?: number;
            /** Page: Page of results to return, starting at 1. The output reports total_pages. */
            page?: number;
        };
        /** List Tags */
        list_tags: {
            /** Search: Only tags whose name or slug contain this text. */
            search?: string;
            /** Slug: Only the tag with this exact slug. */
            slug?: string;
            /** Post ID: Only tags assigned to this post ID (from list_posts). */
            post?: number;
            /** Hide Empty: Whether to leave out tags with no published posts. Defaults to No. */
            hide_empty?: "true" | "false";
            /** Results Per Page: How many results to return, from 1 to 100. Defaults to 10. */
            per_page?: number;
            /** Page: Page of results to return, starting at 1. The output reports total_pages. */
            page?: number;
        };
        /** List Users */
        list_users: {
            /** Search: Only users whose name, slug, email or URL contain this text. */
            search?: string;
            /** Roles: Only users with any of these role slugs, e.g. administrator, editor, author, contributor, subscriber. */
            roles?: unknown[];
            /** Results Per Page: How many results to return, from 1 to 100. Defaults to 10. */
            per_page?: number;
            /** Page: Page of results to return, starting at 1. The output reports total_pages. */
            page?: number;
        };
        /** Moderate Comment */
        moderate_comment: {
            /** Comment ID: ID of the comment, from list_comments. */
            comment_id: number;
            /** Action: The moderation action to apply. */
            status: "approve" | "hold" | "spam" | "unspam" | "trash" | "untrash";
        };
        /** Search Site Content */
        search_site_content: {
            /** Search: Text to search for. */
            search: string;
            /** Type: What to search. Defaults to posts and pages. */
            type?: "post" | "term" | "post-format";
            /** Subtype: Narrow the search within the chosen Type. "Post" and "Page" work only with Type "Posts and pages"; "Category" and "Tag" only with Type "Categories and tags". Leave empty for all. */
            subtype?: "post" | "page" | "category" | "post_tag";
            /** Results Per Page: How many results to return, from 1 to 100. Defaults to 10. */
            per_page?: number;
            /** Page: Page of results to return, starting at 1. The output reports total_pages. */
            page?: number;
        };
        /** Move Page to Trash */
        trash_page: {
            /** Page ID: ID of the page to trash, from list_pages. */
            page_id: number;
        };
        /** Move Post to Trash */
        trash_post: {
            /** Post ID: ID of the post to trash, from list_posts. */
            post_id: number;
        };
        /** Update Blog Post */
        update_blog_post: {
            /** Post ID: ID of the post to update, from list_posts. */
            post_id: number;
            /** Title: The post title. Leave empty to keep the current value. */
            title?: string;
            /** Content: The post body as HTML. Leave empty to keep the current value. */
            content?: string;
            /** Status: New status. Leave empty to keep the current value. To trash the post, use the trash action instead. */
            status?: "publish" | "draft" | "pending" | "private" | "future";
            /** Publish Date: Publish date in the site's timezone, ISO 8601 (e.g. 2030-01-31T09:00:00). A past date with status "future" publishes immediately. Leave empty to keep the current value. */
            date?: string;
            /** Slug: URL slug. Leave empty to keep the current value. */
            slug?: string;
            /** Featured Media ID: ID of an uploaded image to use as the featured image. Get it from upload_media or list_media. Leave empty to keep the current value. */
            featured_media?: number;
            /** Author ID: User ID of the author. Get it from list_users or get_current_user. Leave empty for the connected user. */
            author?: number;
            /** Comments: Whether visitors can comment. Leave empty to keep the current value. */
            comment_status?: "open" | "closed";
            /** Pingbacks: Whether the post accepts pingbacks and trackbacks. Leave empty to keep the current value. */
            ping_status?: "open" | "closed";
            /** Excerpt: Short summary of the post. Leave empty to keep the current value. */
            excerpt?: string;
            /** Category IDs: Category IDs from list_categories or create_category. The list replaces the post's current set. Leave empty to keep the current value. */
            categories?: unknown[];
            /** Tag IDs: Tag IDs from list_tags or create_tag. The list replaces the post's current set. Leave empty to keep the current value. */
            tags?: unknown[];
            /** Sticky: Whether the post is pinned to the top of the blog. Leave empty to keep the current value. */
            sticky?: "true" | "false";
            /** Format: Post format. Only formats the active theme supports are accepted. Leave empty to keep the current value. */
            format?: "standard" | "aside" | "chat" | "gallery" | "link" | "image" | "quote" | "status" | "video" | "audio";
            /** Custom ACF Fields: Advanced Custom Fields values as field name and value pairs; field names come from the ACF plugin menu. Only the fields you supply are written. Requires the site to expose ACF over… */
            acf?: Record<string, unknown>;
        };
        /** Update Media Details */
        update_media_details: {
            /** Media ID: ID of the media item, from list_media or upload_media. */
            media_id: number;
            /** Title: New title. Leave empty to keep the current value. */
            title?: string;
            /** Alt Text: New alternative text. Leave empty to keep the current value. */
            alt_text?: string;
            /** Caption: New caption. Leave empty to keep the current value. */
            caption?: string;
            /** Description: New description. Leave empty to keep the current value. */
            description?: string;
            /** Attach To Post ID: ID of the post or page to attach the file to. Leave empty to keep the current value. */
            post?: number;
        };
        /** Update Page */
        update_page: {
            /** Page ID: ID of the page to update, from list_pages. */
            page_id: number;
            /** Title: The page title. Leave empty to keep the current value. */
            title?: string;
            /** Content: The page body as HTML. Leave empty to keep the current value. */
            content?: string;
            /** Status: New status. Leave empty to keep the current value. To trash the page, use the trash action instead. */
            status?: "publish" | "draft" | "pending" | "private" | "future";
            /** Publish Date: Publish date in the site's timezone, ISO 8601 (e.g. 2030-01-31T09:00:00). A past date with status "future" publishes immediately. Leave empty to keep the current value. */
            date?: string;
            /** Slug: URL slug. Leave empty to keep the current value. */
            slug?: string;
            /** Featured Media ID: ID of an uploaded image to use as the featured image. Get it from upload_media or list_media. Leave empty to keep the current value. */
            featured_media?: number;
            /** Author ID: User ID of the author. Get it from list_users or get_current_user. Leave empty for the connected user. */
            author?: number;
            /** Comments: Whether visitors can comment. Leave empty to keep the current value. */
            comment_status?: "open" | "closed";
            /** Pingbacks: Whether the page accepts pingbacks and trackbacks. Leave empty to keep the current value. */
            ping_status?: "open" | "closed";
            /** Excerpt: Short summary of the page. Takes effect only when the theme or site supports page excerpts; WordPress silently ignores it otherwise. Leave empty to keep the current value. */
            excerpt?: string;
            /** Parent Page ID: ID of the parent page, from list_pages. Leave empty to keep the current value. */
            parent?: number;
            /** Menu Order: Position of the page among its siblings. Leave empty to keep the current value. */
            menu_order?: number;
        };
        /** Update Post */
        update_post: {
            /** Post */
            post: unknown;
            /** Title: New title. Empty keeps the current one. */
            title?: string;
            /** Content: New body, HTML allowed. Empty keeps the current one. */
            content?: string;
            /** Status: Publish now, schedule it, or save as a draft. */
            status?: "publish" | "future" | "draft" | "pending" | "private" | "trash";
            /** Categories: Pick existing categories. Create new ones in WordPress. */
            categories?: unknown;
            /** Tags: Pick existing tags. Create new ones in WordPress. */
            tags?: unknown;
            /** Featured Image: Pick an image already in your media library. */
            featured_media?: unknown;
            /** Featured Image File: Upload an image or paste its URL. Overrides Featured Image. */
            featured_media_file?: FileInput;
            /** Excerpt: Short summary shown in listings. HTML is allowed. */
            excerpt?: string;
            /** Publish Date: Publish date and time in the site's timezone. */
            date?: string;
            /** Slug: Last part of the URL. */
            slug?: string;
            /** ACF Fields: Field names and values for the Advanced Custom Fields plugin. */
            acfFields?: Record<string, unknown>;
            /** Allow Comments: On lets readers comment. Off leaves the setting as is. */
            comment_status?: boolean;
            /** Allow Pingbacks: On accepts pingbacks and trackbacks. Off leaves it as is. */
            ping_status?: boolean;
        };
        /** Upload Media */
        upload_media: {
            /** File: The file to upload, as a URL or base64 data. The file name and extension decide its type. */
            file: FileInput;
            /** Title: Media title. Defaults to the file name. */
            title?: string;
            /** Alt Text: Alternative text describing the image for screen readers. */
            alt_text?: string;
            /** Caption: Caption shown with the file. */
            caption?: string;
            /** Description: Longer description of the file. */
            description?: string;
            /** Attach To Post ID: ID of the post or page to attach the file to, from list_posts or list_pages. */
            post?: number;
        };
    };
    /** YouTube */
    youtube: Record<string, never>;
    /** Zoho Bookings */
    "zoho-bookings": {
        /** Book Appointment */
        bookAppointment: {
            /** Workspace: Select the workspace for the appointment */
            workspace_id: unknown;
            /** Service: Select the service for which the appointment is booked */
            service_id: unknown;
            /** Staff: Select the staff member (use this OR resource_id OR group_id) */
            staff_id?: unknown;
            /** Resource: Select the resource (use this OR staff_id OR group_id) */
            resource_id?: unknown;
            /** Group ID: The unique ID of the staff group for collective booking (use this OR staff_id OR resource_id) */
            group_id?: string;
            /** From Time: The starting time for the appointment (format: mm-dd-yyyy HH:mm:ss) */
            from_time: string | number;
            /** To Time: End time for resource booking (optional, format: dd-MMM-yyyy HH:mm:ss) */
            to_time?: string | number;
            /** Timezone: The timezone for the appointment (optional) */
            timezone?: string;
            /** Customer Name: Name of the customer */
            customer_name: string;
            /** Customer Email: Email address of the customer */
            customer_email: string;
            /** Customer Phone: Phone number of the customer */
            customer_phone: string;
            /** Notes: Additional information about the appointment (optional) */
            notes?: string;
            /** Additional Fields: Additional customer details as JSON object (optional) */
            additional_fields?: unknown;
            /** Cost Paid: Amount paid for the booking (optional) */
            cost_paid?: number;
        };
        /** Cancel Appointment */
        cancelAppointment: {
            /** From Time: The starting time for the appointment (format: mm-dd-yyyy HH:mm:ss) */
            from_time: string | number;
            /** To Time: The ending time for the appointment (format: mm-dd-yyyy HH:mm:ss) */
            to_time?: string | number;
            /** Appointment: Select the appointment to get details for */
            booking_id: unknown;
        };
        /** Fetch Availability */
        fetchAvailability: {
            /** Workspace: Select the workspace to fetch availability for */
            workspace_id: unknown;
            /** Service: Select the service for which availability is to be fetched */
            service_id: unknown;
            /** Staff: Select the staff member (use this OR group_id OR resource_id) */
            staff_id?: unknown;
            /** Group ID: The unique ID of the staff group associated with the service (use this OR staff_id OR resource_id) */
            group_id?: string;
            /** Resource: Select the resource (use this OR staff_id OR group_id) */
            resource_id?: unknown;
            /** Selected Date: The date on which services are checked for availability (format: mm-dd-yyyy) */
            selected_date: string | number;
        };
        /** Get Appointment Details */
        getAppointmentDetails: {
            /** From Time: The start time of the appointment (in ISO 8601 format) */
            from_time: string | number;
            /** To Time: The end time of the appointment (in ISO 8601 format) */
            to_time?: string | number;
            /** Appointment: Select the appointment to get details for */
            booking_id: unknown;
        };
        /** Reschedule Appointment */
        rescheduleAppointment: {
            /** From Time: Start of the date range used to fetch existing bookings (to help you select the Booking ID to reschedule). Not sent to the reschedule API. Format: dd-MMM-yyyy HH:mm:ss */
            from_time: string | number;
            /** To Time: End of the date range used to fetch existing bookings (optional). Not sent to the reschedule API. Format: dd-MMM-yyyy HH:mm:ss */
            to_time?: string | number;
            /** Appointment: Select the appointment to get details for */
            booking_id: unknown;
            /** Service (Optional): Select service to filter staff options */
            service_id?: unknown;
            /** Staff: Select the staff to reschedule to (use this OR group_id OR start_time) */
            staff_id?: unknown;
            /** Group ID: The unique ID of the staff group to reschedule to (use this OR staff_id OR start_time) */
            group_id?: string;
            /** New Start Time: The new time to reschedule the appointment to (format: dd-MMM-yyyy HH:mm:ss, use this OR staff_id OR group_id) */
            start_time: string | number;
        };
    };
    /** Zoho Books */
    "zoho-books": {
        /** Custom API Call */
        custom_api_call: {
            /** Url */
            url: unknown;
            /** Method */
            method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE" | "HEAD";
            /** Headers: Authorization headers are injected automatically from your connection. */
            headers?: Record<string, unknown>;
            /** Query Parameters: Appended to the URL as ?key=value. */
            queryParams?: Record<string, unknown>;
            /** Body Type */
            body_type?: unknown;
            /** Body */
            body?: unknown;
            /** Response is Binary: Enable for files like PDFs, images, etc. */
            response_is_binary?: boolean;
            /** Return Error as Output: On a failed request, output the error instead of failing the step. */
            failsafe?: boolean;
            /** Timeout: Seconds to wait for a response. Empty: up to the flow limit (10 min). */
            timeout?: number;
            /** Follow redirects: Follow 3xx redirects instead of returning them as the response. */
            followRedirects?: boolean;
        };
    };
    /** Zoho Invoice */
    "zoho-invoice": Record<string, never>;
    /** Zoom */
    zoom: {
        /** Create Zoom Meeting */
        zoom_create_meeting: {
            /** Meeting's topic: The meeting's topic */
            topic: string;
            /** Start Time: Meeting start date-time */
            start_time?: string;
            /** Duration (in Minutes): Duration of the meeting */
            duration?: number;
            /** Agenda: The meeting's agenda */
            agenda?: string;
            /** Password: The password required to join the meeting. By default, a password can only have a maximum length of 10 characters and only contain alphanumeric characters and the @, -, _, and * characters. */
            password?: string;
            /** Pre Schedule: Whether the prescheduled meeting was created via the GSuite app. */
            pre_schedule?: boolean;
            /** Schedule for: The email address or user ID of the user to schedule a meeting for. */
            schedule_for?: string;
            /** Join URL: URL for participants to join the meeting. */
            join_url?: string;
        };
        /** Create Zoom Meeting Registrant */
        zoom_create_meeting_registrant: {
            /** Meeting ID: The meeting ID. */
            meeting_id: string;
            /** First name: The registrant's first name. */
            first_name: string;
            /** Last name: The registrant's last name. */
            last_name?: string;
            /** Email: The registrant's email address. */
            email: string;
            /** Address: The registrant's address */
            address?: string;
            /** City: The registrant's city */
            city?: string;
            /** State: The registrant's state or province. */
            state?: string;
            /** Zip: The registrant's zip or postal code. */
            zip?: string;
            /** Country: The registrant's two-letter country code. */
            country?: string;
            /** Phone: The registrant's phone number. */
            phone?: string;
            /** Comments: The registrant's questions and comments. */
            comments?: string;
            /** Custom questions */
            custom_questions?: Record<string, unknown>;
            /** Industry: The registrant's industry. */
            industry?: string;
            /** Job title: The registrant's job title. */
            job_title?: string;
            /** No of employees: The registrant's number of employees. */
            no_of_employees?: string;
            /** Organization: The registrant's organization. */
            org?: string;
            /** Purchasing time frame: The registrant's purchasing time frame. */
            purchasing_time_frame?: string;
            /** Role in purchase process: The registrant's role in the purchase process. */
            role_in_purchase_process?: string;
        };
    };
}
export type IntegrationName = keyof ActionInputs;
