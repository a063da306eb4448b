// Word lists for the health entity types of spec §2.7. Phrases are lower case, separated by "|".

export const CONDITIONS =
  'diabetes|type one diabetes|type two diabetes|type 1 diabetes|type 2 diabetes|prediabetes|hypertension|' +
  'high blood pressure|low blood pressure|hypotension|high cholesterol|asthma|copd|emphysema|bronchitis|pneumonia|' +
  'tuberculosis|influenza|the flu|covid|covid-19|covid nineteen|coronavirus|long covid|cold sores|hepatitis|' +
  'hepatitis b|hepatitis c|hiv|aids|herpes|chlamydia|gonorrhea|syphilis|hpv|measles|mumps|chickenpox|shingles|' +
  'malaria|cancer|breast cancer|lung cancer|prostate cancer|skin cancer|colon cancer|leukemia|lymphoma|melanoma|' +
  'tumor|tumour|carcinoma|depression|clinical depression|anxiety|anxiety disorder|panic attacks|ptsd|ocd|adhd|' +
  'autism|bipolar disorder|bipolar|schizophrenia|eating disorder|anorexia|bulimia|insomnia|sleep apnea|' +
  "dementia|alzheimer|alzheimers|alzheimer's|parkinson|parkinsons|parkinson's|epilepsy|seizures|migraine|" +
  'migraines|multiple sclerosis|stroke|heart attack|heart disease|heart failure|arrhythmia|atrial fibrillation|' +
  'afib|angina|coronary artery disease|kidney disease|kidney stones|kidney failure|liver disease|cirrhosis|' +
  'arthritis|rheumatoid arthritis|osteoarthritis|osteoporosis|gout|lupus|fibromyalgia|chronic fatigue syndrome|' +
  "celiac disease|crohn's disease|crohns|ulcerative colitis|irritable bowel syndrome|ibs|acid reflux|gerd|ulcer|" +
  'anemia|hemophilia|sickle cell|sickle cell anemia|thyroid disease|hypothyroidism|hyperthyroidism|obesity|' +
  'allergy|allergies|peanut allergy|eczema|psoriasis|acne|glaucoma|cataracts|macular degeneration|tinnitus|' +
  'hearing loss|concussion syndrome|down syndrome|cerebral palsy|cystic fibrosis|muscular dystrophy|sepsis|' +
  'infection|urinary tract infection|uti|strep throat|sinusitis|endometriosis|pcos|infertility|' +
  'gestational diabetes|preeclampsia|postpartum depression|addiction|alcoholism|substance abuse|opioid addiction|' +
  'chronic pain|back pain|neuropathy|vertigo|dehydration|hypoglycemia|hyperglycemia|blood clot|' +
  'deep vein thrombosis|dvt|pulmonary embolism|aneurysm|scoliosis|sciatica|tendonitis|carpal tunnel syndrome';

export const DRUGS =
  'advil|tylenol|motrin|aleve|ibuprofen|acetaminophen|paracetamol|aspirin|naproxen|panadol|excedrin|codeine|' +
  'morphine|oxycodone|oxycontin|hydrocodone|vicodin|percocet|fentanyl|tramadol|methadone|buprenorphine|suboxone|' +
  'naloxone|narcan|amoxicillin|penicillin|azithromycin|zithromax|z-pack|doxycycline|ciprofloxacin|cipro|' +
  'cephalexin|keflex|clindamycin|metronidazole|flagyl|augmentin|bactrim|metformin|glucophage|insulin|ozempic|' +
  'semaglutide|wegovy|mounjaro|trulicity|jardiance|januvia|lisinopril|losartan|amlodipine|metoprolol|atenolol|' +
  'propranolol|hydrochlorothiazide|furosemide|lasix|atorvastatin|lipitor|simvastatin|zocor|rosuvastatin|crestor|' +
  'warfarin|coumadin|eliquis|apixaban|xarelto|rivaroxaban|plavix|clopidogrel|heparin|nitroglycerin|digoxin|' +
  'prozac|fluoxetine|zoloft|sertraline|lexapro|escitalopram|celexa|citalopram|paxil|paroxetine|wellbutrin|' +
  'bupropion|effexor|venlafaxine|cymbalta|duloxetine|trazodone|xanax|alprazolam|valium|diazepam|ativan|lorazepam|' +
  'klonopin|clonazepam|ambien|zolpidem|adderall|ritalin|methylphenidate|vyvanse|concerta|lithium|seroquel|' +
  'quetiapine|abilify|aripiprazole|risperdal|risperidone|zyprexa|olanzapine|lamictal|lamotrigine|depakote|' +
  'keppra|gabapentin|neurontin|lyrica|pregabalin|prednisone|prednisolone|cortisone|hydrocortisone|dexamethasone|' +
  'albuterol|ventolin|advair|symbicort|singulair|montelukast|zyrtec|cetirizine|claritin|loratadine|allegra|' +
  'benadryl|diphenhydramine|sudafed|mucinex|nyquil|dayquil|robitussin|omeprazole|prilosec|nexium|pantoprazole|' +
  'zantac|pepcid|famotidine|tums|imodium|pepto-bismol|levothyroxine|synthroid|estrogen|progesterone|testosterone|' +
  'birth control|the pill|viagra|sildenafil|cialis|tadalafil|finasteride|humira|enbrel|remicade|methotrexate|' +
  'chemotherapy drugs|tamoxifen|herceptin|keytruda|epipen|epinephrine|adrenaline|melatonin|vitamin a|vitamin b12|' +
  'vitamin b|vitamin c|vitamin d|vitamin d3|vitamin e|vitamin k|b12|multivitamin|iron supplements|folic acid|' +
  'fish oil|omega three|omega-3|calcium supplements|zinc|magnesium|probiotics|penicillin shot|flu shot|' +
  'covid vaccine|antibiotics|antidepressants|painkillers|steroids|statins|beta blockers|blood thinners|opioids';

export const MEDICAL_PROCESSES =
  'surgery|heart surgery|open heart surgery|bypass surgery|brain surgery|knee surgery|hip replacement|' +
  'knee replacement|back surgery|cataract surgery|laser eye surgery|lasik|plastic surgery|gastric bypass|' +
  'appendectomy|tonsillectomy|hysterectomy|mastectomy|vasectomy|c-section|cesarean|caesarean section|' +
  'transplant|kidney transplant|liver transplant|heart transplant|bone marrow transplant|amputation|' +
  'ct scan|cat scan|mri|mri scan|pet scan|x-ray|xray|x ray|ultrasound|sonogram|mammogram|colonoscopy|endoscopy|' +
  'biopsy|blood test|blood work|bloodwork|urine test|pap smear|ecg|ekg|electrocardiogram|eeg|stress test|' +
  'echocardiogram|angiogram|angioplasty|stent|pacemaker|dialysis|chemotherapy|chemo|radiation therapy|' +
  'radiotherapy|immunotherapy|physical therapy|physiotherapy|occupational therapy|speech therapy|' +
  'cognitive behavioral therapy|cbt|psychotherapy|therapy sessions|rehab|rehabilitation|vaccination|vaccine|' +
  'booster shot|immunization|flu shot|iv drip|blood transfusion|transfusion|anesthesia|general anesthesia|' +
  'epidural|ivf|in vitro fertilization|physical exam|checkup|check-up|annual physical|covid test|pcr test|' +
  'genetic testing|root canal|tooth extraction|wisdom teeth removal|stitches|intubation|cpr|resuscitation';

/** Body parts for injuries: "I broke my arm", "a sprained wrist". */
export const BODY_PARTS =
  'arm|arms|leg|legs|wrist|wrists|ankle|ankles|hand|hands|foot|feet|finger|fingers|toe|toes|knee|knees|hip|hips|' +
  'shoulder|shoulders|elbow|elbows|neck|back|spine|rib|ribs|nose|jaw|skull|collarbone|collar bone|pelvis|tooth|' +
  'teeth|thumb|heel|hamstring|achilles|acl|mcl|meniscus|ligament|tendon|rotator cuff|disc|vertebra|head|eye|ear';
export const INJURY_VERBS =
  'broke|broken|break|breaking|sprained|sprain|fractured|fracture|dislocated|dislocate|twisted|twist|torn|tore|' +
  'tear|injured|injure|hurt|bruised|bruise|pulled|strained|cracked|crushed|burned|burnt|cut|sliced';
export const INJURIES =
  'concussion|whiplash|broken bone|fracture|fractures|sprain|bruises|burns|second degree burns|third degree burns|' +
  'laceration|lacerations|stab wound|gunshot wound|bullet wound|head injury|head trauma|brain injury|' +
  'traumatic brain injury|spinal cord injury|miscarriage|mutation|dislocation|torn acl|torn ligament|' +
  'hairline fracture|stress fracture|dog bite|frostbite|hernia';
